/**
 * CPU profiles of the server's JVM: async-profiler attached to it, or a JDK Flight Recording, turned into flame
 * graphs and samples by layer.
 */
package org.orderapp.observation.profile;
