package org.orderapp.driver.rules;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orderapp.driver.audit.AuditResult;
import org.orderapp.driver.engine.StepResult;
import org.orderapp.driver.workload.RequestType;
import org.orderapp.driver.workload.TransactionMix;
import org.orderapp.driver.workload.UserSession;

/**
 * The rules a run must meet to count, in the manner of SPECjEnterprise: in every measurement window each request
 * type's 90th percentile response time is within its limit, the business transactions came in the configured mix
 * (each share within a tolerance, in absolute percentage points), no answer was wrong, few requests failed; and the
 * audit passed. A run that breaks a rule is reported invalid with the reasons; its figures are still written.
 *
 * @param p90Limits    the 90th-percentile limit of each request type
 * @param mixTolerance the largest allowed difference between a transaction's achieved and configured share (0.05: ±5 %)
 * @param maxErrorRate the largest allowed share of failed requests (timeouts, refused connections, error statuses)
 */
public record RunRules(Map<RequestType, Duration> p90Limits, double mixTolerance, double maxErrorRate) {

    /** The defaults, as the command line writes them. */
    public static final String DEFAULT_P90_LIMIT = "2s";
    public static final String DEFAULT_MIX_TOLERANCE = "5%";
    public static final String DEFAULT_MAX_ERROR_RATE = "1%";
    private static final Duration DEFAULT_LIMIT = Duration.ofSeconds(Long.parseLong(DEFAULT_P90_LIMIT.replace("s", "")));

    public RunRules {
        var limits = new EnumMap<RequestType, Duration>(RequestType.class);
        for (RequestType t : RequestType.values()) {
            Duration limit = p90Limits.getOrDefault(t, DEFAULT_LIMIT);
            if (limit.isNegative() || limit.isZero()) {
                throw new IllegalArgumentException("the response-time limit of " + t.label() + " must be positive");
            }
            limits.put(t, limit);
        }
        p90Limits = limits;
        if (!(mixTolerance >= 0 && mixTolerance <= 1)) {
            throw new IllegalArgumentException("the mix tolerance is a share from 0 to 1 (0.05 or 5%), got " + mixTolerance);
        }
        if (!(maxErrorRate >= 0 && maxErrorRate <= 1)) {
            throw new IllegalArgumentException("the error-rate limit is a share from 0 to 1 (0.01 or 1%), got " + maxErrorRate);
        }
    }

    public static RunRules defaults() {
        return new RunRules(Map.of(), parseShare(DEFAULT_MIX_TOLERANCE, "the mix tolerance"),
                parseShare(DEFAULT_MAX_ERROR_RATE, "the error-rate limit"));
    }

    public RunRules withMaxErrorRate(double share) {
        return new RunRules(p90Limits, mixTolerance, share);
    }

    /** Parses limits "NewOrder=500ms,OrderInquiry=1s" (request type labels, any case); "all=1s" sets every type. */
    public static Map<RequestType, Duration> parseLimits(List<String> specs, java.util.function.Function<String, Duration> durations) {
        var limits = new EnumMap<RequestType, Duration>(RequestType.class);
        for (String spec : specs) {
            for (String part : spec.split(",")) {
                String[] kv = part.trim().split("=", 2);
                if (kv.length != 2) {
                    throw new IllegalArgumentException("a response-time limit is TYPE=DURATION, e.g. NewOrder=2s; got '" + part + "'");
                }
                Duration limit = durations.apply(kv[1]);
                if (kv[0].trim().equalsIgnoreCase("all")) {
                    for (RequestType t : RequestType.values()) {
                        limits.put(t, limit);
                    }
                } else {
                    limits.put(type(kv[0].trim()), limit);
                }
            }
        }
        return limits;
    }

    /** "5%" or "0.05". */
    public static double parseShare(String value, String option) {
        String v = value.trim();
        try {
            return v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1).trim()) / 100 : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " is a share like 5% or 0.05; got '" + value + "'");
        }
    }

    private static RequestType type(String label) {
        for (RequestType t : RequestType.values()) {
            if (t.label().equalsIgnoreCase(label)) {
                return t;
            }
        }
        var known = new ArrayList<String>();
        for (RequestType t : RequestType.values()) {
            known.add(t.label());
        }
        throw new IllegalArgumentException("unknown request type '" + label + "'; known: " + String.join(", ", known) + ", all");
    }

    /** One step's window against the rules; reasons start with the step's name. */
    public Validity check(StepResult step, TransactionMix mix) {
        var reasons = new ArrayList<String>();
        String at = step.name() + (step.repeat() > 1 ? " (repeat " + step.repeat() + ")" : "") + ": ";
        for (var e : step.response().entrySet()) {
            var h = e.getValue();
            if (h.getTotalCount() == 0) {
                continue;
            }
            double p90 = h.getValueAtPercentile(90) / 1000.0;
            double limit = p90Limits.get(e.getKey()).toNanos() / 1e6;
            if (p90 > limit) {
                reasons.add(String.format(Locale.ROOT, "%s%s p90 %,.0f ms > limit %,.0f ms", at, e.getKey().label(), p90, limit));
            }
        }
        long wrong = step.errors().entrySet().stream().filter(e -> isWrongAnswer(e.getKey())).mapToLong(Map.Entry::getValue).sum();
        if (wrong > 0) {
            reasons.add(at + wrong + " wrong answer(s)");
        }
        long requests = step.successes() + step.errorCount();
        long failed = step.errorCount() - wrong;
        if (requests == 0) {
            reasons.add(at + "no request was answered in the measurement window");
        } else if (failed > maxErrorRate * requests) {
            reasons.add(String.format(Locale.ROOT, "%s%,d of %,d requests failed (%.2f %%, limit %.2f %%)", at, failed, requests,
                    100.0 * failed / requests, 100 * maxErrorRate));
        }
        checkMix(step, mix, at, reasons);
        return Validity.of(reasons);
    }

    /** The whole run: every step's window, and the audit. */
    public Validity check(List<StepResult> steps, TransactionMix mix, AuditResult audit) {
        var reasons = new ArrayList<String>();
        steps.forEach(s -> reasons.addAll(check(s, mix).reasons()));
        if (audit == null) {
            reasons.add("the audit was skipped");
        } else if (!audit.pass()) {
            reasons.add("the audit failed" + (audit.findings().isEmpty() ? "" : ": " + audit.findings().get(0)));
        }
        return Validity.of(reasons);
    }

    /**
     * Business transactions, counted by their first request (a browse is one search and its pages), failed ones
     * included, against the configured weights.
     */
    private void checkMix(StepResult step, TransactionMix mix, String at, List<String> reasons) {
        Map<TransactionMix.Kind, Long> counts = new EnumMap<>(TransactionMix.Kind.class);
        counts.put(TransactionMix.Kind.NEW_ORDER, attempts(step, RequestType.NEW_ORDER));
        counts.put(TransactionMix.Kind.ORDER_INQUIRY, attempts(step, RequestType.ORDER_INQUIRY));
        counts.put(TransactionMix.Kind.BROWSE, attempts(step, RequestType.BROWSE_SEARCH));
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        if (total == 0) {
            return;
        }
        double weights = 0;
        for (TransactionMix.Kind k : TransactionMix.Kind.values()) {
            weights += mix.weight(k);
        }
        for (TransactionMix.Kind k : TransactionMix.Kind.values()) {
            double configured = mix.weight(k) / weights;
            double achieved = counts.get(k) / (double) total;
            if (Math.abs(achieved - configured) > mixTolerance + 1e-12) {
                reasons.add(String.format(Locale.ROOT, "%s%s share %.1f %% against %.1f %% configured (tolerance ±%.1f points)",
                        at, name(k), 100 * achieved, 100 * configured, 100 * mixTolerance));
            }
        }
    }

    private static long attempts(StepResult step, RequestType type) {
        long ok = step.response().get(type) == null ? 0 : step.response().get(type).getTotalCount();
        String prefix = type.label() + ": ";
        return ok + step.errors().entrySet().stream().filter(e -> e.getKey().startsWith(prefix)).mapToLong(Map.Entry::getValue).sum();
    }

    /** Error kinds are "Type: kind"; an answer that came back but was wrong is a kind starting "bad ". */
    static boolean isWrongAnswer(String errorKind) {
        int colon = errorKind.indexOf(": ");
        return colon >= 0 && errorKind.startsWith(UserSession.WRONG_ANSWER, colon + 2);
    }

    private static String name(TransactionMix.Kind kind) {
        return switch (kind) {
            case NEW_ORDER -> "NewOrder";
            case ORDER_INQUIRY -> "OrderInquiry";
            case BROWSE -> "Browse";
        };
    }
}
