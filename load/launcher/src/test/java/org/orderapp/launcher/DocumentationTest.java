package org.orderapp.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
// The one class of the launcher this test names: the ./order root command, whose tree is what the docs must match.
import org.orderapp.launcher.OrderCommand;
import picocli.CommandLine;

/**
 * The README and the pages under docs/ point only at what exists: every relative link at a file (and an anchor at a
 * heading of that page, by GitHub's slug), every {@code ./order COMMAND --option} at a command and an option of the
 * launcher as built.
 */
class DocumentationTest {

    /** The project's root: tests run in this module's folder, load/launcher. */
    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();

    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern FENCE = Pattern.compile("^\\s*```");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern ORDER = Pattern.compile("(?<![\\w./-])\\./order(?=\\s|$)");
    /** What may come before a command: nothing, another command and {@code &&}, or variables of its environment. */
    private static final Pattern COMMAND_START = Pattern.compile("(?s)(.*&&)?(\\s*[A-Z_]+=\\S*)*\\s*");
    /** Where a command written in the docs ends: a comment, a pipe, another command, the end of a parenthesis. */
    private static final Pattern COMMAND_END = Pattern.compile("\\s#|\\s\\|\\s|\\s\\|$|&&|;|\\)");

    @Test
    void everyRelativeLinkNamesAFileAndEveryAnchorAHeading() {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            for (String target : links(prose(read(page)))) {
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // http:, https:, mailto: lie outside the checkout
                }
                checked++;
                linkProblem(page, target).ifPresent(problem -> broken.add(ROOT.relativize(page) + ": " + problem));
            }
        }
        assertTrue(checked >= 50, "only " + checked + " relative links found: is the docs folder there?");
        assertEquals(List.of(), broken, "links that lead nowhere");
    }

    @Test
    void everyOrderCommandAndOptionTheDocsNameExists() {
        var order = new CommandLine(new OrderCommand());
        List<String> unknown = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            for (String command : orderCommands(read(page))) {
                checked++;
                commandProblem(order, command).ifPresent(problem -> unknown.add(ROOT.relativize(page) + ": " + problem));
            }
        }
        assertTrue(checked >= 100, "only " + checked + " ./order commands found: is the docs folder there?");
        assertEquals(List.of(), unknown, "./order commands or options the launcher does not have");
    }

    private static List<Path> pages() {
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path page) {
        try {
            return Files.readString(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<String> linkProblem(Path page, String target) {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
        if (!Files.exists(file)) {
            return Optional.of(target + ": no file " + ROOT.relativize(file));
        }
        if (hash < 0) {
            return Optional.empty();
        }
        String anchor = target.substring(hash + 1);
        if (!file.toString().endsWith(".md") || !anchors(read(file)).contains(anchor)) {
            return Optional.of(target + ": no heading #" + anchor + " in " + ROOT.relativize(file));
        }
        return Optional.empty();
    }

    private static List<String> links(String text) {
        List<String> targets = new ArrayList<>();
        Matcher link = LINK.matcher(text);
        while (link.find()) {
            targets.add(link.group(1));
        }
        return targets;
    }

    /** The anchors GitHub gives a page's headings: the slug, and -1, -2 ... for a slug seen before. */
    static Set<String> anchors(String markdown) {
        Set<String> anchors = new LinkedHashSet<>();
        var seen = new HashMap<String, Integer>();
        boolean inFence = false;
        for (String line : markdown.split("\n")) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (!inFence && heading.matches()) {
                String slug = slug(heading.group(1));
                int times = seen.merge(slug, 1, Integer::sum);
                anchors.add(times == 1 ? slug : slug + "-" + (times - 1));
            }
        }
        return anchors;
    }

    /** GitHub's heading slug: the text as shown, lower case, without punctuation, a hyphen for each space. */
    static String slug(String heading) {
        String shown = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replaceAll("<[^>]+>", "");
        return shown.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "").replace(' ', '-');
    }

    /** The page without its fenced code blocks, whose brackets are code, not links. */
    private static String prose(String markdown) {
        StringBuilder prose = new StringBuilder();
        boolean inFence = false;
        for (String line : markdown.split("\n")) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
            } else if (!inFence) {
                prose.append(line).append('\n');
            }
        }
        return prose.toString().replaceAll("`[^`]*`", "``");
    }

    /** Each ./order command line the page writes: in code blocks (a line each) and in code spans of its prose. */
    static List<String> orderCommands(String markdown) {
        List<String> code = new ArrayList<>();
        StringBuilder prose = new StringBuilder();
        boolean inFence = false;
        for (String line : markdown.split("\n")) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
            } else if (inFence || (line.startsWith("    ") && !line.contains("`"))) {
                code.add(line);
            } else {
                prose.append(line).append('\n');
            }
        }
        Matcher span = CODE_SPAN.matcher(prose);
        while (span.find()) {
            code.add(span.group(1));
        }
        List<String> commands = new ArrayList<>();
        for (String snippet : code) {
            Matcher order = ORDER.matcher(snippet);
            while (order.find()) {
                if (!COMMAND_START.matcher(snippet.substring(0, order.start())).matches()) {
                    continue; // ./order named in a sentence or in output, not run
                }
                String rest = snippet.substring(order.end());
                Matcher end = COMMAND_END.matcher(rest);
                commands.add("./order" + (end.find() ? rest.substring(0, end.start()) : rest).replaceAll("\\s+", " ").stripTrailing());
            }
        }
        return commands;
    }

    /**
     * Why the command line is not one the launcher takes: a word where a subcommand must be that is none, or an option
     * the command does not have. Option values and positional parameters are not judged.
     */
    static Optional<String> commandProblem(CommandLine root, String commandLine) {
        CommandLine command = root;
        boolean subcommandExpected = true;
        for (String token : commandLine.substring("./order".length()).trim().split(" ")) {
            if (token.isEmpty()) {
                continue;
            }
            if (token.startsWith("-") && token.length() > 1 && !Character.isDigit(token.charAt(1))) {
                String name = token.startsWith("--") ? token.split("=", 2)[0] : token.substring(0, 2);
                if (command.getCommandSpec().findOption(name) == null) {
                    return Optional.of("`" + commandLine + "`: " + command.getCommandName() + " has no option " + name);
                }
                subcommandExpected = false;
            } else if (subcommandExpected && !command.getSubcommands().isEmpty()) {
                CommandLine sub = command.getSubcommands().get(token);
                if (sub == null) {
                    return Optional.of("`" + commandLine + "`: " + command.getCommandName() + " has no command " + token);
                }
                command = sub;
            } else {
                subcommandExpected = false;
            }
        }
        return Optional.empty();
    }
}
