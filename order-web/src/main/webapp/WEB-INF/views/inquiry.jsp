<%@ page session="false" %><%@ taglib prefix="c" uri="jakarta.tags.core" %><c:set var="title" value="Order inquiry"/><%@ include file="header.jspf" %>
<h1>Order inquiry</h1>
<form id="inquiry-form" method="get" action="${pageContext.request.contextPath}/OrderInquiry">
  <label for="customerid">Customer id</label>
  <input id="customerid" name="customerid" class="id" type="number" min="1" required value="<c:out value='${param.customerid}'/>">
  <button id="show-orders" type="submit">Show recent orders</button>
</form>
<c:if test="${orders != null}">
  <h2 id="inquiry-title">Recent orders of customer ${customerId}</h2>
  <c:if test="${empty orders}"><p class="notice" id="no-orders">This customer has no orders yet.</p></c:if>
  <c:forEach items="${orders}" var="o">
    <section class="order" data-order-id="${o.id()}">
      <h3>Order <code>${o.id()}</code> · ${o.orderDate()} · total <span class="total">${o.totalAmount()}</span></h3>
      <table>
        <thead><tr><th class="number">Line</th><th class="number">Product</th><th>Name</th><th class="number">Quantity</th>
          <th class="number">Unit price</th><th class="number">Extended price</th><th class="number">Backordered</th></tr></thead>
        <tbody>
        <c:forEach items="${o.lines()}" var="line">
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
      </table>
    </section>
  </c:forEach>
</c:if>
<%@ include file="footer.jspf" %>
