import Foundation
import Testing

/// What `make install` puts on a machine besides the executable: a man page and bash and zsh
/// completions, each made from the commands' help (`make golden` rewrites them, and a test fails when
/// they drift); and a release build and install that print no warning the README does not explain.
@Suite struct InstallTests {
    static let commands = ["classify", "batch", "merge-scores", "tune", "list", "convert", "render", "learn"]
    static let manPage = "docs/man/gesture.1"
    static let bashCompletion = "docs/completions/gesture.bash"
    static let zshCompletion = "docs/completions/_gesture"

    /// The main help (key "") and each command's, each run once: the generators read them many times.
    static let helps: [String: Result<String, any Error>] = Dictionary(
        uniqueKeysWithValues: ([""] + commands).map { command in
            (command, Result { try GestureCommand.run(command.isEmpty ? ["--help"] : [command, "--help"]).stdout })
        })

    static func help(_ command: String?) throws -> String { try helps[command ?? ""]!.get() }

    /// The options a help text names (`--format`, and each of `--profile, --recognizers …`), in order.
    static func options(_ help: String) -> [String] {
        var found: [String] = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            for match in line.matches(of: /(?:^|[ ,])(--[a-z][a-z-]*)/) where !found.contains(String(match.output.1)) {
                found.append(String(match.output.1))
            }
        }
        return found
    }

    /// The values an option's help line lists (`--format text|json|jsonl` → text, json, jsonl).
    static func choices(_ help: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for match in help.matches(of: /(--[a-z-]+) ([a-z0-9+-]+(?:\|[a-z0-9+-]+)+)/)
        where found[String(match.output.1)] == nil {
            found[String(match.output.1)] = match.output.2.split(separator: "|").map(String.init)
        }
        return found
    }

    /// The options whose help says they may be given more than once (`repeatable`, or `[--labels
    /// FILE]…` and `[--sweep …]` in the usage lines), and those that
    /// take a value (named in capitals, `--set ID.PARAMETER=VALUE`, or a list of values), in any
    /// command's help: an option that one command only names (batch's `--set … as for gesture
    /// classify`) is as another describes it.
    static func kinds() throws -> (repeatable: Set<String>, valued: Set<String>) {
        var repeatable: Set<String> = []
        var valued: Set<String> = []
        for command in commands {
            let text = try help(command)
            // Each option line and the lines under it, up to the next option or a line less indented.
            var block: [String] = []
            func close() {
                guard let first = block.first else { return }
                let named = options(first)
                if named.count == 1, block.joined(separator: " ").contains("repeatable") {
                    repeatable.insert(named[0])
                }
                block = []
            }
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("  -") {
                    close()
                    block = [String(line)]
                } else if line.hasPrefix("      ") && !block.isEmpty {
                    block.append(String(line))
                } else {
                    close()
                }
            }
            close()
            // And as the usage lines write it: `[--labels FILE]…`, `[--sweep …]`.
            repeatable.formUnion(
                text.matches(of: /\[(--[a-z-]+) [^\]]*\]…|\[(--[a-z-]+) …\]/).compactMap {
                    ($0.output.1 ?? $0.output.2).map(String.init)
                })
            valued.formUnion(text.matches(of: /(--[a-z-]+)[ =][A-Z]/).map { String($0.output.1) })
            valued.formUnion(choices(text).keys)
        }
        return (repeatable, valued)
    }

    /// The first line of each command's purpose, from the main help's usage lines.
    static func summaries(_ main: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in main.split(separator: "\n") {
            guard let match = line.firstMatch(of: /gesture ([a-z-]+) .*?  +(\S.*)$/) else { continue }
            found[String(match.output.1)] = String(match.output.2)
        }
        return found
    }

    static func roff(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var escaped = ""
            for scalar in line.unicodeScalars {
                switch scalar {
                case "\\": escaped += "\\e"
                case "-": escaped += "\\-"
                // As a named character, so that the page needs no input encoding (groff reads Latin-1).
                case _ where scalar.value > 127: escaped += "\\[u" + String(format: "%04X", scalar.value) + "]"
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
        }.joined(separator: "\n")
    }

    static func makeManPage() throws -> String {
        let main = try help(nil)
        let title = main.split(separator: "\n")[0]
        let purpose = title.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        var page = """
            .\\" The gesture man page, made from the commands' help by `make golden`: edit the help, not this.
            .TH GESTURE 1 "" "\(title.split(separator: ":")[0])" "User Commands"
            .SH NAME
            gesture \\- \(roff(String(purpose.dropLast())))
            .SH SYNOPSIS
            .nf
            \(roff(main.split(separator: "\n").filter { $0.hasPrefix("usage: ") || $0.hasPrefix("       gesture ") }.map { $0.replacingOccurrences(of: "usage: ", with: "").trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")))
            .fi
            .SH DESCRIPTION
            \(roff(String(purpose)))
            Run \\fBgesture COMMAND \\-\\-help\\fR, or \\fBgesture help COMMAND\\fR, for a command's options, as below.

            """
        for command in commands {
            page +=
                ".SH \"gesture \(command)\"\n.nf\n" + roff(try help(command).trimmingCharacters(in: .newlines))
                + "\n.fi\n"
        }
        page += """
            .SH "SEE ALSO"
            README.md and docs/ of the gesture repository: trace formats, configuration, batch scoring, tuning.

            """
        return page
    }

    static func makeBash() throws -> String {
        var cases = ""
        var values = ""
        for command in commands {
            cases += "        \(command)) options=\"\(options(try help(command)).joined(separator: " "))\" ;;\n"
            for (option, list) in try choices(of: command).sorted(by: { $0.key < $1.key }) {
                values +=
                    "        \(command):\(option)) COMPREPLY=($(compgen -W \"\(list.joined(separator: " "))\" -- \"$current\")); return ;;\n"
            }
        }
        return """
            # bash completion for gesture, made from its help by `make golden`.
            # Installed by `make install`; or: source docs/completions/gesture.bash
            _gesture() {
                local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]} options
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(commands.joined(separator: " ")) help --help --version" -- "$current"))
                    return
                fi
                if [[ ${COMP_WORDS[1]} == help ]]; then
                    COMPREPLY=($(compgen -W "\(commands.joined(separator: " "))" -- "$current"))
                    return
                fi
                case "${COMP_WORDS[1]}:$previous" in
            \(values)    esac
                case "${COMP_WORDS[1]}" in
            \(cases)        *) return ;;
                esac
                if [[ $current == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$current"))
                else
                    COMPREPLY=($(compgen -f -- "$current"))
                fi
            }
            complete -o filenames -o bashdefault -F _gesture gesture

            """
    }

    /// The values of the options of `command` that list them: its own lists, and for an option it
    /// only names (batch's `--time-unit … as for gesture classify`) the list another command gives.
    /// `--format` is each command's own.
    static func choices(of command: String) throws -> [String: [String]] {
        var shared: [String: [String]] = [:]
        for other in commands {
            for (option, list) in choices(try help(other)) where option != "--format" && shared[option] == nil {
                shared[option] = list
            }
        }
        let text = try help(command)
        return shared.filter { options(text).contains($0.key) }.merging(choices(text)) { $1 }
    }

    static func makeZsh() throws -> String {
        let summary = summaries(try help(nil))
        let (repeatable, valued) = try kinds()
        var cases = ""
        for command in commands {
            let text = try help(command)
            let choice = try choices(of: command)
            let specs = options(text).map { option -> String in
                // `*`: offered again once given.
                let name = (repeatable.contains(option) ? "*" : "") + option
                if let list = choice[option] { return "'\(name)[]:value:(\(list.joined(separator: " ")))'" }
                return valued.contains(option) ? "'\(name)[]:value:_files'" : "'\(name)[]'"
            }
            cases += "        \(command)) _arguments \(specs.joined(separator: " ")) '*:file:_files' ;;\n"
        }
        let described = commands.map { "'\($0):\((summary[$0] ?? $0).replacingOccurrences(of: "'", with: ""))'" }
        return """
            #compdef gesture
            # zsh completion for gesture, made from its help by `make golden`. Installed by `make install`
            # into site-functions; or put this folder on $fpath before compinit.
            _gesture() {
                local -a commands first
                commands=(\(described.joined(separator: " ")))
                first=($commands 'help:show a command'"'"'s help' '--help:show the help' '--version:show the version')
                if (( CURRENT == 2 )); then
                    _describe command first
                    return
                fi
                case $words[2] in
            \(cases)        help) (( CURRENT == 3 )) && _describe command commands ;;
                esac
            }
            _gesture "$@"

            """
    }

    @Test(arguments: [manPage, bashCompletion, zshCompletion])
    func isMadeFromTheHelp(_ path: String) throws {
        let text =
            switch path {
            case Self.manPage: try Self.makeManPage()
            case Self.bashCompletion: try Self.makeBash()
            default: try Self.makeZsh()
            }
        let url = GestureCommand.packageRoot.appendingPathComponent(path)
        if CommandLineTests.recording {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            try String(contentsOf: url, encoding: .utf8) == text,
            "\(path) differs from the help; `make golden` rewrites it")
    }

    @Test func everyOptionOfEveryCommandIsInTheManPageAndTheCompletions() throws {
        let page = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent(Self.manPage), encoding: .utf8)
        let bash = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent(Self.bashCompletion), encoding: .utf8)
        for command in Self.commands {
            let options = Self.options(try Self.help(command))
            #expect(options.count >= 2, "\(command)")
            for option in options {
                #expect(page.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(command) \(option)")
                #expect(bash.contains(option), "\(command) \(option)")
            }
        }
    }

    /// The completion as bash runs it: commands, then a command's options, then an option's values.
    @Test(arguments: [
        (["gesture", "ba"], "batch"),
        (["gesture", "batch", "--lab"], "--labels --label-map"),
        (["gesture", "classify", "--format", "j"], "json jsonl"),
        (["gesture", "batch", "--time-unit", ""], "s ms us"),
        (["gesture", "help", "me"], "merge-scores"),
        (["gesture", "learn", "--algorithm", "p+"], "p+ p+o"),
        (["gesture", "learn", "--mirror-negatives", ""], "left-right top-bottom both"),
    ])
    func bashCompletes(_ words: [String], _ expected: String) throws {
        let script = GestureCommand.packageRoot.appendingPathComponent(Self.bashCompletion).path
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let output = try GestureCommand.bash(
            "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _gesture; echo \"${COMPREPLY[*]}\"",
            in: GestureCommand.packageRoot)
        #expect(output.stderr == "")
        #expect(output.stdout == expected + "\n")
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"),
            "zsh is not installed (.ci/run installs it): the zsh completion not parsed"))
    func theZshCompletionParses() throws {
        let script = GestureCommand.packageRoot.appendingPathComponent(Self.zshCompletion).path
        let output = try GestureCommand.bash("zsh -n '\(script)'", in: GestureCommand.packageRoot)
        #expect(output.stderr == "" && output.status == 0)
        #expect(
            try String(contentsOf: URL(fileURLWithPath: script), encoding: .utf8).contains("'*--labels[]:value:_files'")
        )
    }

    /// What zsh's completion offers for `line` and a tab, as an interactive zsh would (in a
    /// pseudo-terminal, `zsh/zpty`, with `compadd` wrapped to print each match): sorted, one space apart.
    static func zshCompletes(_ line: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-zsh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let completions = GestureCommand.packageRoot.appendingPathComponent("docs/completions").path
        let driver = #"""
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z 'PS1= ; PROMPT= ; RPROMPT=
            fpath=(\#(completions) $fpath)
            autoload -Uz compinit; compinit -u -D -d \#(folder.path)/.zcompdump
            cd \#(folder.path)
            compadd () {
              if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
              typeset -a hits; builtin compadd -A hits "$@"; (( $#hits )) || return 1
              local h; for h in $hits; do print -r -- "<<$h>>"; done
              builtin compadd -Q "$@"
            }
            finished() { print "<<DONE>>"; exit }
            zle -C my-complete complete-word _main_complete
            comppostfuncs=(finished)
            bindkey "^I" my-complete
            print "<<READY>>"'
            zpty -r z line '*<<READY>>*'
            zpty -w -n z "$1"$'\t'
            out=""
            while zpty -r z line; do out+=$line; [[ $line == *'<<DONE>>'* ]] && break; done
            print -r -- "$out" | tr -d '\r' | grep -o '<<[^>]*>>' | grep -v 'DONE\|READY' | sed 's/^<<//;s/>>$//' | sort -u
            zpty -d z
            """#
        let script = folder.appendingPathComponent("complete.zsh")
        try Data(driver.utf8).write(to: script)
        let run = try GestureCommand.bash("timeout 20 zsh '\(script.path)' '\(line)'", in: folder)
        return run.stdout.split(separator: "\n").joined(separator: " ")
    }

    /// zsh offers a repeatable option again once given (`*` in `_arguments`), the values of an option
    /// that lists them, and the top level's `--help` and `--version`.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"),
            "zsh is not installed (.ci/run installs it): the zsh completion not run"),
        arguments: [
            ("gesture classify --set x=1 --se", "--set"),
            ("gesture batch --labels a.csv --lab", "--label-map --labels"),
            ("gesture tune --sweep a=1:2:1 --swe", "--sweep"),
            ("gesture render --recognizer z --recognizer", "--recognizer --recognizers"),
            ("gesture learn --algorithm ", "1 p p+ p+o q"),
            ("gesture learn --mirror-negatives ", "both left-right top-bottom"),
            ("gesture --", "--help --version"),
        ])
    func zshCompletes(_ line: String, _ expected: String) throws {
        #expect(try Self.zshCompletes(line) == expected)
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"),
            "groff is not installed: the man page not formatted"))
    func theManPageFormatsWithoutWarnings() throws {
        let page = GestureCommand.packageRoot.appendingPathComponent(Self.manPage).path
        let output = try GestureCommand.bash("groff -man -Tutf8 -ww -z '\(page)'", in: GestureCommand.packageRoot)
        #expect(output.stderr == "")
        #expect(output.status == 0)
    }

    /// `make install` as a user runs it (into a staging folder, from a build folder of its own so it
    /// does not wait on the test run's): a release build that prints no warning but the one the README
    /// explains, then the executable, the man page and both completions in their places.
    @Test(.timeLimit(.minutes(10))) func makeInstallBuildsWithoutWarningsAndInstallsEverything() async throws {
        let stage = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-install-\(getpid())")
        defer { try? FileManager.default.removeItem(at: stage) }
        // The clone's own (one in the shared temporary folder was written by two clones' runs at once).
        let scratch = GestureCommand.packageRoot.appendingPathComponent(".build/install-test")
        let output = try await GestureCommand.bashInBackground(
            "make install DESTDIR='\(stage.path)' PREFIX=/usr/local BUILD_FLAGS='--scratch-path \(scratch.path)' 2>&1",
            in: GestureCommand.packageRoot)
        #expect(output.status == 0, "\(output.stdout)")
        // The one warning the README explains (the static Foundation's mktemp), and nothing else.
        let warnings = output.stdout.split(separator: "\n").filter { $0.lowercased().contains("warning") }
        let explained = warnings.filter {
            $0.contains("libFoundationEssentials.a") && $0.contains("createTemporaryFile")
                && $0.hasSuffix("warning: the use of `mktemp' is dangerous, better use `mkstemp' or `mkdtemp'")
        }
        #expect(warnings.count == explained.count, "\(warnings)")
        let readme = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        if !explained.isEmpty { #expect(readme.contains("'mktemp' is dangerous, better use 'mkstemp' or 'mkdtemp'")) }
        let prefix = stage.appendingPathComponent("usr/local")
        for path in [
            "bin/gesture", "share/man/man1/gesture.1", "share/bash-completion/completions/gesture",
            "share/zsh/site-functions/_gesture",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
        }
        let installed = try GestureCommand.bash(
            "'\(prefix.appendingPathComponent("bin/gesture").path)' classify Traces/checkmark.json",
            in: GestureCommand.packageRoot)
        #expect(installed.stdout.hasPrefix("Traces/checkmark.json: checkmark\n"))
    }
}
