package org.orderapp.observation.database;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * The most contended locks of a flight recording, as a profiler's monitor view shows them: for each lock class
 * and place (the top frames of the waiting thread), how often threads waited, for how long in total and at
 * most. Threads parked while idle (pool threads waiting for work, timers) are counted apart, not listed.
 */
public record LockContention(List<Site> monitors, List<Site> parks, long idleParks, double recordedSeconds) {

    /** One contended place: the lock's class, the waiting thread's top frames, waits and blocked time. */
    public record Site(String lockClass, List<String> frames, long count, double totalMillis, double maxMillis) {
    }

    private static final int FRAMES = 6;
    private static final int TOP = 15;
    /** Frames below which a park is a thread waiting for work, not for a lock someone else holds. */
    private static final Set<String> IDLE = Set.of(
            "java.util.concurrent.ThreadPoolExecutor.getTask",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take",
            "java.util.concurrent.ForkJoinPool.awaitWork",
            "java.util.concurrent.SynchronousQueue.poll",
            "java.util.concurrent.LinkedTransferQueue.awaitMatch",
            "org.jboss.threads.EnhancedQueueExecutor$ThreadBody.run",
            "org.jboss.threads.EnhancedQueueExecutor$PoolThreadNode.park",
            "org.xnio.nio.WorkerThread.run",
            "java.util.TimerThread.mainLoop",
            "org.apache.activemq.artemis.utils.ActiveMQThreadPoolExecutor$ThreadPoolQueue.poll",
            "org.apache.activemq.artemis.core.io.aio.AIOSequentialFile",
            "com.arjuna.ats.internal.arjuna.recovery.PeriodicRecovery.doPeriodicWait",
            "java.lang.ref.Reference.waitForReferencePendingList",
            "java.util.concurrent.CompletableFuture$Signaller.block",
            "org.apache.activemq.artemis.core.remoting.server.impl.RemotingServiceImpl$FailureCheckAndFlushThread.run",
            "org.apache.activemq.artemis.core.io.buffer.TimedBuffer$CheckTimer.run",
            "org.jboss.jca.core.connectionmanager.pool.validator.ConnectionValidator$ConnectionValidatorRunner.run",
            "org.jboss.jca.core.connectionmanager.pool.idle.IdleRemover$IdleRemoverRunner.run");

    public static LockContention read(Path recording) throws IOException {
        Map<String, long[]> monitorCounts = new HashMap<>();
        Map<String, double[]> monitorTimes = new HashMap<>();
        Map<String, Site> monitorKeys = new HashMap<>();
        Map<String, long[]> parkCounts = new HashMap<>();
        Map<String, double[]> parkTimes = new HashMap<>();
        Map<String, Site> parkKeys = new HashMap<>();
        long idle = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        try (var file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                String type = e.getEventType().getName();
                boolean monitor = type.equals("jdk.JavaMonitorEnter");
                if (!monitor && !type.equals("jdk.ThreadPark")) {
                    continue;
                }
                first = Math.min(first, e.getStartTime().toEpochMilli());
                last = Math.max(last, e.getEndTime().toEpochMilli());
                List<String> frames = frames(e);
                if (!monitor && isIdle(frames)) {
                    idle++;
                    continue;
                }
                RecordedClass lockClass = monitor ? e.getClass("monitorClass") : e.getClass("parkedClass");
                String lock = lockClass == null ? "(none)" : lockClass.getName();
                List<String> top = frames.stream().filter(f -> !isLockMachinery(f)).limit(FRAMES).toList();
                String key = lock + "|" + String.join("|", top);
                double millis = toMillis(e.getDuration());
                var counts = monitor ? monitorCounts : parkCounts;
                var times = monitor ? monitorTimes : parkTimes;
                (monitor ? monitorKeys : parkKeys).putIfAbsent(key, new Site(lock, top, 0, 0, 0));
                counts.computeIfAbsent(key, k -> new long[1])[0]++;
                double[] t = times.computeIfAbsent(key, k -> new double[2]);
                t[0] += millis;
                t[1] = Math.max(t[1], millis);
            }
        }
        return new LockContention(top(monitorKeys, monitorCounts, monitorTimes), top(parkKeys, parkCounts, parkTimes), idle,
                first == Long.MAX_VALUE ? 0 : (last - first) / 1000.0);
    }

    private static List<Site> top(Map<String, Site> keys, Map<String, long[]> counts, Map<String, double[]> times) {
        var sites = new ArrayList<Site>();
        keys.forEach((key, site) -> sites.add(new Site(site.lockClass(), site.frames(), counts.get(key)[0],
                times.get(key)[0], times.get(key)[1])));
        sites.sort((a, b) -> Double.compare(b.totalMillis(), a.totalMillis()));
        return sites.subList(0, Math.min(TOP, sites.size()));
    }

    private static List<String> frames(RecordedEvent e) {
        if (e.getStackTrace() == null) {
            return List.of();
        }
        var frames = new ArrayList<String>();
        for (RecordedFrame f : e.getStackTrace().getFrames()) {
            if (f.getMethod() == null) {
                continue;
            }
            frames.add(f.getMethod().getType().getName() + "." + f.getMethod().getName()
                    + (f.getLineNumber() > 0 ? ":" + f.getLineNumber() : ""));
        }
        return frames;
    }

    private static boolean isIdle(List<String> frames) {
        for (String f : frames) {
            int colon = f.indexOf(':');
            String method = colon < 0 ? f : f.substring(0, colon);
            if (IDLE.contains(method)) {
                return true;
            }
        }
        return false;
    }

    /** The frames every park or block goes through, which say nothing about who waits where. */
    private static boolean isLockMachinery(String frame) {
        return frame.startsWith("jdk.internal.misc.Unsafe.") || frame.startsWith("java.util.concurrent.locks.LockSupport.")
                || frame.startsWith("java.util.concurrent.locks.AbstractQueuedSynchronizer")
                || frame.startsWith("java.util.concurrent.locks.ReentrantLock")
                || frame.startsWith("java.util.concurrent.locks.ReentrantReadWriteLock")
                || frame.startsWith("java.util.concurrent.Semaphore");
    }

    private static double toMillis(Duration d) {
        return d.toNanos() / 1e6;
    }
}
