/**
 * CPU time read from the operating system's /proc (CpuClock): a process's, the machine's, and a server JVM's by part
 * (its request, I/O, collector and compiler threads, and the kernel's time), as counters that only grow
 * (ServerCpuParts). CpuMeter, in the package above, reads them by role.
 */
package org.orderapp.observation.cpu;
