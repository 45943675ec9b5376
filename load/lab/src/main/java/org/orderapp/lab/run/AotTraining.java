package org.orderapp.lab.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.stack.layout.AotCache;
import org.orderapp.stack.layout.Jdk;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerProfile;

/**
 * The ahead-of-time cache of a variant with {@code aot-cache: train-and-use}: before its measured start, a training
 * start (the server with -XX:AOTCacheOutput, a short load, a clean stop, at which the JVM writes the cache) when its
 * build has no cache yet; then the options of a start that uses it. The cache is kept in the state folder per server
 * build (AotCache's digest), so later rounds and experiments of the same build train no more.
 */
final class AotTraining {

    /** The folder of the caches, in the state folder. */
    static final String FOLDER = "aot-cache";

    /** A start of the variant's server with further JVM options, a load, and a clean stop. */
    interface TrainingStart {
        void run(List<String> jvmOptions, LoadConfig load, String label) throws Exception;
    }

    private final Path directory;
    private final LoadConfig trainingLoad;
    private final Consumer<String> say;

    /**
     * @param state        the runner's state folder
     * @param trainingLoad the load of a training start: short, the experiment's kind of load
     */
    AotTraining(Path state, LoadConfig trainingLoad, Consumer<String> say) {
        this.directory = state.resolve(FOLDER);
        this.trainingLoad = trainingLoad;
        this.say = say;
    }

    /**
     * The further JVM options of the variant's measured start: none without aot-cache; with it, those that use the
     * build's cache, trained first when missing.
     *
     * @param serverProperties the server's system properties, part of what the build is
     */
    List<String> measuredStartOptions(Variant variant, ProjectLayout binaries, ServerProfile profile, List<String> serverProperties,
                                      TrainingStart start) throws Exception {
        if (!variant.usesAotCache()) {
            return List.of();
        }
        AotCache cache = cacheOf(variant, binaries, profile, serverProperties);
        if (!cache.isCurrent()) {
            int discarded = cache.discardOthers();
            say.accept("AOT cache: none for this build yet" + (discarded == 0 ? "" : " (" + discarded + " file(s) of other builds thrown away)")
                    + "; a training start writes " + cache.file() + " as its server stops");
            Files.createDirectories(directory);
            start.run(cache.jvmOptions(AotCache.Mode.TRAIN), trainingLoad, "train-" + variant.name());
            if (!cache.isCurrent()) {
                throw new IOException("the training start wrote no AOT cache to " + cache.file()
                        + "; see the server's log/console.log for the JVM's AOT messages");
            }
        }
        say.accept(String.format(Locale.ROOT, "AOT cache: %s (%.0f MB), used by this start", cache.file(),
                Files.size(cache.file()) / 1e6));
        return cache.jvmOptions(AotCache.Mode.USE);
    }

    /** The build's cache: the EAR, the profile's configuration, the JDK and every option and setting of the server. */
    private AotCache cacheOf(Variant variant, ProjectLayout binaries, ServerProfile profile, List<String> serverProperties) {
        Jdk jdk = Jdk.at(variant.javaHomePath() != null ? variant.javaHomePath() : Jdk.defaultHome());
        Path configuration = binaries.serverHome().resolve("standalone/configuration").resolve(profile.serverConfig());
        var settings = new ArrayList<String>();
        settings.add("profile " + profile);
        settings.addAll(variant.jvmOptions());
        settings.addAll(serverProperties);
        settings.addAll(variant.serverCli());
        return AotCache.of(directory, jdk, List.of(binaries.ear(), configuration), settings);
    }
}
