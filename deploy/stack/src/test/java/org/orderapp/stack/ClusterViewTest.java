package org.orderapp.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterViewTest {

    @Test
    void theMembersAreReadFromTheViewAsJGroupsPrintsIt() {
        var view = ClusterView.parse("[node1(v=16.0.5)|1] (2) [node1(v=16.0.5), node2(v=16.0.5)]");
        assertEquals(List.of("node1", "node2"), view.members());
        assertTrue(view.holds("node2"));
        assertFalse(view.holds("node10"));
    }

    @Test
    void aMergedViewsMembersAreItsOwnNotThoseOfTheGroupsItMerged() {
        var view = ClusterView.parse("MergeView::[node2(v=16.0.5)|3] (2) [node2(v=16.0.5), node1(v=16.0.5)], 2 subgroups: "
                + "[node2(v=16.0.5)|2] (1) [node2(v=16.0.5)], [node1(v=16.0.5)|2] (1) [node1(v=16.0.5)]");
        assertEquals(List.of("node2", "node1"), view.members());
    }

    @Test
    void aViewAfterAMemberWasDroppedNoLongerHoldsIt() {
        assertFalse(ClusterView.parse("[node2|3] (1) [node2]").holds("node1"));
        assertEquals(List.of(), ClusterView.parse("not a view").members());
    }
}
