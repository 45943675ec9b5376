<%@ page session="false" %><%@ taglib prefix="c" uri="jakarta.tags.core" %><%@ include file="header.jspf" %>
<h1><c:out value="${title}"/></h1>
<p><a href="${pageContext.request.contextPath}/">Home</a></p>
<%@ include file="footer.jspf" %>
