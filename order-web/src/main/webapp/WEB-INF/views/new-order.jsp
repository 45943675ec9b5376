<%@ page session="false" %><%@ taglib prefix="c" uri="jakarta.tags.core" %><c:set var="title" value="New order"/><%@ include file="header.jspf" %>
<h1>New order</h1>
<form id="new-order-form" method="post" action="${pageContext.request.contextPath}/NewOrder">
  <input type="hidden" name="ordertoken" value="<c:out value='${orderToken}'/>">
  <p><label for="customerid">Customer id</label>
     <input id="customerid" name="customerid" class="id" type="number" min="1" required value="<c:out value='${param.customerid}'/>"></p>
  <table>
    <thead><tr><th class="number">Line</th><th>Product id</th><th>Quantity</th></tr></thead>
    <tbody>
    <c:forEach begin="0" end="${rows - 1}" varStatus="row">
      <tr>
        <td class="number">${row.index + 1}</td>
        <td><input name="productid" class="id" type="number" min="1" aria-label="product id, line ${row.index + 1}"
                   value="<c:out value='${paramValues.productid[row.index]}'/>"></td>
        <td><input name="quantity" class="quantity" type="number" min="1" max="${maxQuantity}" aria-label="quantity, line ${row.index + 1}"
                   value="<c:out value='${paramValues.quantity[row.index]}'/>"></td>
      </tr>
    </c:forEach>
    </tbody>
  </table>
  <p>Leave unused lines empty. An order has at most ${maxLines} lines, each product once, at most ${maxQuantity} of it.</p>
  <button id="place-order" type="submit" name="NewOrder" value="NewOrder">Place order</button>
</form>
<%@ include file="footer.jspf" %>
