/**
 * The lab's interleaved method: every variant's server started once and kept warm, then measured in short windows,
 * in blocks that hold each variant once in a random order, with ratios paired per block, until their intervals are as
 * narrow as asked or the time is up.
 */
package org.orderapp.lab.interleaved;
