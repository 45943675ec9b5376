<%@ page session="false" %><%@ taglib prefix="c" uri="jakarta.tags.core" %><c:set var="title" value="Order placed"/><%@ include file="header.jspf" %>
<h1>Order placed</h1>
<p>Order <code id="order-id">${order.id()}</code> of customer <span id="order-customer">${order.customerId()}</span>,
   placed ${order.orderDate()}, ships from distribution center ${order.distributionCenterId()}.</p>
<table id="order-lines">
  <thead><tr><th class="number">Line</th><th class="number">Product</th><th>Name</th><th class="number">Quantity</th>
    <th class="number">Unit price</th><th class="number">Extended price</th><th class="number">Backordered</th></tr></thead>
  <tbody>
  <c:forEach items="${order.lines()}" var="line">
    <tr>
      <td class="number">${line.lineNumber()}</td>
      <td class="number">${line.productId()}</td>
      <td><c:out value="${line.productName()}"/></td>
      <td class="number">${line.quantity()}</td>
      <td class="number">${line.unitPrice()}</td>
      <td class="number">${line.extendedPrice()}</td>
      <td class="number">${line.backorderedQuantity()}</td>
    </tr>
  </c:forEach>
  </tbody>
  <tfoot><tr><td colspan="5">Total</td><td class="number total" id="order-total">${order.totalAmount()}</td><td></td></tr></tfoot>
</table>
<p><a id="order-again" href="${pageContext.request.contextPath}/NewOrder?customerid=${order.customerId()}">Place another order</a>
 · <a id="inquiry-link" href="${pageContext.request.contextPath}/OrderInquiry?customerid=${order.customerId()}">Recent orders of customer ${order.customerId()}</a></p>
<%@ include file="footer.jspf" %>
