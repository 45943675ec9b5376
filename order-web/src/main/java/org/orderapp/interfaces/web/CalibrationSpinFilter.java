package org.orderapp.interfaces.web;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.orderapp.application.CalibrationSpin;

/**
 * A test instrument of the lab, never a tuning: with a spin above 0 ({@link CalibrationSpin}: order.calibration.spin-micros,
 * or switched at runtime by an administrator), every request first spins that much CPU on its own thread, counted by
 * the thread's CPU clock (not the wall clock, which would count time the thread waited for a core on a busy machine).
 * ./order experiment calibration checks that the lab finds what it injects.
 */
@WebFilter(filterName = "CalibrationSpin", urlPatterns = "/*")
public class CalibrationSpinFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int ITERATIONS_PER_READ = 1_000;

    @Inject
    CalibrationSpin calibration;
    /** Kept so that the loop's work is not optimized away. */
    private volatile long sink;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        long micros = calibration.micros();
        if (micros > 0) {
            spin(micros * 1000);
        }
        chain.doFilter(request, response);
    }

    /**
     * Reads the thread's CPU clock every {@value #ITERATIONS_PER_READ} iterations (about a microsecond here): each read is
     * a system call (a thread's CPU clock has no fast path in user space), and read every 100 iterations, a spin was
     * mostly system calls (403 of them in 200 µs), now mostly the loop's own work, as a setting's code would be. The
     * calibration found the spins the same either way.
     */
    private void spin(long nanos) {
        long end = THREADS.getCurrentThreadCpuTime() + nanos;
        long x = 0;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < ITERATIONS_PER_READ; i++) {
                x += x * 31 + i;
            }
        }
        sink = x;
    }
}
