package org.orderapp.application;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Each product on one line only: a repeated product is reported at the later line's productId
 * (lines[3].productId), so the client sees which line to merge. Its validator is registered in
 * META-INF/services/jakarta.validation.ConstraintValidator, so the rule does not import its check.
 */
@Documented
@Constraint(validatedBy = {})
@Target({FIELD, PARAMETER, RECORD_COMPONENT})
@Retention(RUNTIME)
public @interface EachProductOnce {

    String message() default "repeats product {product} of an earlier line; order it once with the total quantity";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
