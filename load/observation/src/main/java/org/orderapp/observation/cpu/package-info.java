/**
 * CPU time by role, read from the operating system: the server JVM, the database, the driver and the machine
 * (CpuMeter), and the server's CPU by part (its request, I/O, collector and compiler threads, and the kernel's time),
 * as counters that only grow.
 */
package org.orderapp.observation.cpu;
