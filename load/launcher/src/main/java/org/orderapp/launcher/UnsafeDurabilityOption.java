package org.orderapp.launcher;

import org.orderapp.target.Target;
import picocli.CommandLine.Option;

/**
 * --allow-unsafe-durability: the servers a command starts may run on a database that can lose committed transactions,
 * which they refuse otherwise. Off by default; every run folder and comparison then says so.
 */
public class UnsafeDurabilityOption {

    @Option(names = "--allow-unsafe-durability", description = "Let the servers start on a database that may lose committed transactions in a crash "
            + "(innodb_flush_log_at_trx_commit other than 1, or sync_binlog other than 1 with the binary log on), which they "
            + "refuse otherwise: passes -D " + Target.ALLOW_UNSAFE_DURABILITY + "=true to every server this command starts. "
            + "The risk: orders answered 201 may be gone after the database crashes, and a commit that skips its flush costs "
            + "less, so such figures compare with no durable run; every report marks them \"durability: UNSAFE allowed\". "
            + "The databases ./order starts itself are durable and need no such allowance.")
    boolean allowed;
}
