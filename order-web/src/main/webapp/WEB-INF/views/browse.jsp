<%@ page session="false" %><%@ taglib prefix="c" uri="jakarta.tags.core" %><c:set var="title" value="Browse"/><%@ include file="header.jspf" %>
<h1>Browse</h1>
<c:if test="${not empty notice}"><p class="notice" id="notice"><c:out value="${notice}"/></p></c:if>
<form id="search-orders" method="post" action="${pageContext.request.contextPath}/Browse">
  <input type="hidden" name="action" value="orders">
  <label>Customer id <input id="browse-customerid" name="customerid" class="id" type="number" min="1" required></label>
  <label>From <input id="browse-from" name="from" type="date"></label>
  <label>Before <input id="browse-to" name="to" type="date"></label>
  <button id="search-orders-button" type="submit">Search orders</button>
</form>
<form id="search-products" method="post" action="${pageContext.request.contextPath}/Browse">
  <input type="hidden" name="action" value="products">
  <label>Product name starts with <input id="browse-name" name="name" type="text" maxlength="64" required></label>
  <button id="search-products-button" type="submit">Search products</button>
</form>
<c:if test="${results != null}">
  <h2 id="search-description"><c:out value="${search.description()}"/></h2>
  <p id="page-position">Page <span id="page-number">${results.number()}</span> of <span id="page-count">${results.pageCount()}</span>
     · <span id="total-rows">${results.totalRows()}</span> rows<c:if test="${results.truncated()}"> (the search found more; only these are held)</c:if></p>
  <c:choose>
    <c:when test="${search.kind() == 'PRODUCTS'}">
      <table id="results">
        <thead><tr><th class="number">Product</th><th>Name</th><th class="number">Unit cost</th></tr></thead>
        <tbody>
        <c:forEach items="${results.items()}" var="p">
          <tr><td class="number">${p.id()}</td><td><c:out value="${p.name()}"/></td><td class="number">${p.unitCost()}</td></tr>
        </c:forEach>
        </tbody>
      </table>
    </c:when>
    <c:otherwise>
      <table id="results">
        <thead><tr><th>Order</th><th>Placed</th><th class="number">Total</th></tr></thead>
        <tbody>
        <c:forEach items="${results.items()}" var="o">
          <tr><td><code>${o.id()}</code></td><td>${o.orderDate()}</td><td class="number">${o.totalAmount()}</td></tr>
        </c:forEach>
        </tbody>
      </table>
    </c:otherwise>
  </c:choose>
  <nav class="pages">
    <form class="inline" method="post" action="${pageContext.request.contextPath}/Browse">
      <button id="previous" type="submit" name="action" value="previous" ${results.hasPrevious() ? '' : 'disabled'}>Previous</button>
      <button id="next" type="submit" name="action" value="next" ${results.hasNext() ? '' : 'disabled'}>Next</button>
      <button id="new-search" type="submit" name="action" value="new">New search</button>
    </form>
  </nav>
</c:if>
<%@ include file="footer.jspf" %>
