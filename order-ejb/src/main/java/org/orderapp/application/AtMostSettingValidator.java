package org.orderapp.application;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.Collection;

/** {@link AtMostSetting} for numbers and for collections (their size). */
public abstract class AtMostSettingValidator<T> implements ConstraintValidator<AtMostSetting, T> {

    private long max;

    @Override
    public void initialize(AtMostSetting constraint) {
        max = Settings.longValue(constraint.value());
    }

    @Override
    public boolean isValid(T value, ConstraintValidatorContext context) {
        if (value == null || measure(value) <= max) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        context.buildConstraintViolationWithTemplate(context.getDefaultConstraintMessageTemplate().replace("{max}", String.valueOf(max)))
                .addConstraintViolation();
        return false;
    }

    abstract long measure(T value);

    public static class ForNumber extends AtMostSettingValidator<Number> {
        @Override
        long measure(Number value) {
            return value.longValue();
        }
    }

    public static class ForCollection extends AtMostSettingValidator<Collection<?>> {
        @Override
        long measure(Collection<?> value) {
            return value.size();
        }
    }
}
