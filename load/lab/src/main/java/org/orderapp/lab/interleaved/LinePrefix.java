package org.orderapp.lab.interleaved;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** A console for one of several loads at once: each of its lines starts with the load's name. */
public final class LinePrefix extends OutputStream {

    private final PrintStream target;
    private final String prefix;
    private final StringBuilder line = new StringBuilder();

    private LinePrefix(PrintStream target, String prefix) {
        this.target = target;
        this.prefix = prefix;
    }

    static PrintStream of(PrintStream target, String name) {
        return new PrintStream(new LinePrefix(target, "[" + name + "] "), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            target.println(prefix + line.toString().replace("\r\033[K", ""));
            line.setLength(0);
        } else if (b != '\r') {
            line.append((char) b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        String text = new String(b, off, len, StandardCharsets.UTF_8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                target.println(prefix + line.toString().replace("\033[K", ""));
                line.setLength(0);
            } else if (c != '\r') {
                line.append(c);
            }
        }
    }

    @Override
    public void flush() {
        target.flush();
    }
}
