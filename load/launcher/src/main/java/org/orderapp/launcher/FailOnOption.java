package org.orderapp.launcher;

import java.util.Iterator;
import org.orderapp.driver.rules.FailOn;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/** --fail-on: when load and experiment exit 1, so that CI can gate on a run's verdict. */
public class FailOnOption {

    @Option(names = "--fail-on", paramLabel = "WHEN", defaultValue = "invalid", completionCandidates = Words.class,
            converter = Word.class, description = "When to exit 1: ${COMPLETION-CANDIDATES}. invalid: a run broke its run rules "
            + "(INVALID; a skipped audit is one) or failed its audit; audit: only a failed audit; never: always 0.")
    FailOn failOn;

    /** The words, lower case, for --help and shell completion. */
    static final class Words implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return FailOn.words().iterator();
        }
    }

    static final class Word implements ITypeConverter<FailOn> {
        @Override
        public FailOn convert(String value) {
            return FailOn.of(value);
        }
    }
}
