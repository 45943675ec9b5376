package org.orderapp.application.validation;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.orderapp.application.NewOrder;

/** {@link EachProductOnce}: the first repeated product, reported at its line. */
public class EachProductOnceValidator implements ConstraintValidator<EachProductOnce, List<NewOrder.Line>> {

    @Override
    public boolean isValid(List<NewOrder.Line> lines, ConstraintValidatorContext context) {
        if (lines == null) {
            return true;
        }
        Map<Long, Integer> firstLine = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            NewOrder.Line line = lines.get(i);
            if (line == null || line.productId() == null) {
                continue;
            }
            Integer earlier = firstLine.putIfAbsent(line.productId(), i);
            if (earlier != null) {
                context.disableDefaultConstraintViolation();
                context.buildConstraintViolationWithTemplate(context.getDefaultConstraintMessageTemplate()
                                .replace("{product}", line.productId().toString())
                                .replace("{earlier}", String.valueOf(earlier + 1)))
                        .addPropertyNode("productId").inIterable().atIndex(i)
                        .addConstraintViolation();
                return false;
            }
        }
        return true;
    }
}
