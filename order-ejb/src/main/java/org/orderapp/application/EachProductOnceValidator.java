package org.orderapp.application;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** {@link EachProductOnce}: the first repeated product, reported at its line. */
public class EachProductOnceValidator implements ConstraintValidator<EachProductOnce, List<NewOrder.Line>> {

    @Override
    public boolean isValid(List<NewOrder.Line> lines, ConstraintValidatorContext context) {
        if (lines == null) {
            return true;
        }
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            NewOrder.Line line = lines.get(i);
            if (line == null || line.productId() == null) {
                continue;
            }
            if (!seen.add(line.productId())) {
                context.disableDefaultConstraintViolation();
                context.buildConstraintViolationWithTemplate(context.getDefaultConstraintMessageTemplate()
                                .replace("{product}", line.productId().toString()))
                        .addPropertyNode("productId").inIterable().atIndex(i)
                        .addConstraintViolation();
                return false;
            }
        }
        return true;
    }
}
