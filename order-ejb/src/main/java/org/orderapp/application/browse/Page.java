package org.orderapp.application.browse;

import java.io.Serializable;
import java.util.List;

/**
 * One page of a search's results. {@code number} counts from 1; {@code truncated} says the search found more
 * than the row limit and only the first {@code totalRows} are held.
 */
public record Page<T extends Serializable>(List<T> items, int number, int pageCount, int totalRows,
                                           boolean hasPrevious, boolean hasNext, boolean truncated)
        implements Serializable {
}
