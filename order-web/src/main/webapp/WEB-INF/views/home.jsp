<%@ page session="false" %><%@ taglib prefix="c" uri="jakarta.tags.core" %><c:set var="title" value="Home"/><%@ include file="header.jspf" %>
<h1>Order</h1>
<p>A reference OLTP order application: customers order products from the stock of their distribution center.</p>
<ul>
  <li><a id="new-order" href="${pageContext.request.contextPath}/NewOrder">Place a new order</a></li>
  <li><a id="inquiry" href="${pageContext.request.contextPath}/OrderInquiry">See a customer's recent orders</a></li>
  <li><a id="browse" href="${pageContext.request.contextPath}/Browse">Browse a customer's orders or the products, page by page</a></li>
  <li>The JSON API under <code>${pageContext.request.contextPath}/api/</code>, described in
      <a href="${pageContext.request.contextPath}/openapi.yaml">openapi.yaml</a> and
      <a href="${pageContext.request.contextPath}/openapi.json">openapi.json</a></li>
</ul>
<%@ include file="footer.jspf" %>
