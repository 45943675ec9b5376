package org.orderapp.interfaces.web;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The home page, at the context root. */
@WebServlet(name = "Home", urlPatterns = "")
public class HomeServlet extends PageServlet {

    private static final long serialVersionUID = 1L;

    public HomeServlet() {
        super("GET");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Answers.view(request, response, HttpServletResponse.SC_OK, "home.jsp");
    }
}
