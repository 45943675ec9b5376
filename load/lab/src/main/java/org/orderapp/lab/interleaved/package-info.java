/**
 * The lab's interleaved method: every variant's server started once and kept warm (warmed until steady, then once more
 * after a rehearsal of what a block asks of it), then measured in short windows,
 * in blocks that hold each variant once in a random order, with ratios paired per block, until their intervals are as
 * narrow as asked or the time is up. A variant on another's server (server-of) is measured there, the server switched to
 * its runtime settings before each of its windows; all at once (duet), in a round of its own, the other servers
 * measuring their own variants beside it (partner windows) so that it can be paired with its host's window, or, where
 * several servers host as many runtime variants, theirs with the same settings beside it (aligned rounds); and within
 * each of its windows the server is switched between its setting and its host's in four parts (a switched window), so
 * that what the setting costs is found on one server seconds apart, switched windows measured at once beginning with
 * opposite settings.
 */
package org.orderapp.lab.interleaved;
