/**
 * Explaining a difference: the servers' CPU profiles of the windows an experiment measured, summed per variant and
 * step as collapsed stacks, and each variant's against the control's as a differential flame graph with the frames
 * whose CPU per transaction changed most.
 */
package org.orderapp.lab.profile;
