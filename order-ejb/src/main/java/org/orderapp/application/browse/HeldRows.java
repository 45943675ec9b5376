package org.orderapp.application.browse;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a client's latest search and the page it is on: the state a {@link Browser} keeps between requests.
 * Serializable, so it survives passivation and moves with the session in a cluster.
 */
public final class HeldRows implements Serializable {

    private static final long serialVersionUID = 1L;

    private ArrayList<Serializable> rows = new ArrayList<>();
    private boolean truncated;
    private int pageIndex;

    /**
     * Holds what a search found, at most {@value Browser#MAX_ROWS} rows; the search asks for one row more, which
     * tells whether the limit cut its result. Answers the first page.
     */
    public <T extends Serializable> Page<T> hold(List<T> found) {
        truncated = found.size() > Browser.MAX_ROWS;
        rows = new ArrayList<>(truncated ? found.subList(0, Browser.MAX_ROWS) : found);
        pageIndex = 0;
        return current();
    }

    public <T extends Serializable> Page<T> next() {
        if ((pageIndex + 1) * Browser.PAGE_SIZE < rows.size()) {
            pageIndex++;
        }
        return current();
    }

    public <T extends Serializable> Page<T> previous() {
        if (pageIndex > 0) {
            pageIndex--;
        }
        return current();
    }

    @SuppressWarnings("unchecked")
    public <T extends Serializable> Page<T> current() {
        int from = pageIndex * Browser.PAGE_SIZE;
        int to = Math.min(from + Browser.PAGE_SIZE, rows.size());
        var items = new ArrayList<T>();
        for (Serializable row : rows.subList(Math.min(from, to), to)) {
            items.add((T) row);
        }
        int pages = Math.max(1, (rows.size() + Browser.PAGE_SIZE - 1) / Browser.PAGE_SIZE);
        return new Page<>(List.copyOf(items), pageIndex + 1, pages, rows.size(), pageIndex > 0, to < rows.size(), truncated);
    }
}
