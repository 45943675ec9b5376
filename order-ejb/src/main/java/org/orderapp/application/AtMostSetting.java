package org.orderapp.application;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A number, or the size of a collection, at most the value of a setting (not a constant: the limit changes per run
 * with -D). The setting is read once, when the validator is initialised. Its validators name it, not it them
 * (META-INF/services/jakarta.validation.ConstraintValidator registers them), so the rule does not import its checks.
 */
@Documented
@Constraint(validatedBy = {})
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface AtMostSetting {

    /** The name of the setting, e.g. order.max-lines. */
    String value();

    String message() default "must be at most {max}";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
