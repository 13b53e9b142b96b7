#include "app/cli/command_line.h"

#include <algorithm>
#include <map>
#include <optional>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

#include "agent/protocol/message.h"
#include "app/man_page.h"

namespace fleetdeck::cli {
namespace {

// The exit codes every subcommand shares (cli.h's ExitCode), for --help and the manual. Like the
// command specs, English here; --help translates them as it prints.
const std::vector<std::pair<int, const char*>> kExitCodes = {
    {0, QT_TRANSLATE_NOOP("cli", "every host answered (or: done, nothing found)")},
    {1, QT_TRANSLATE_NOOP("cli", "a host answered with an error")},
    {2, QT_TRANSLATE_NOOP("cli", "usage: an unknown option, a missing value or file, a HOST that is none")},
    {3, QT_TRANSLATE_NOOP("cli", "connection failed")},
    {4, QT_TRANSLATE_NOOP("cli", "authentication failed")},
    {5, QT_TRANSLATE_NOOP("cli", "host key unknown or refused (changed, revoked)")},
    {6, QT_TRANSLATE_NOOP("cli", "apply/rollback: a host rolled back or failed")},
    {7, QT_TRANSLATE_NOOP("cli", "ran and found problems (health, commission: a critical finding; drift: a setting drifted; diagnose: a GPU held idle, capped or bound)")},
};

const char* const kHostForms = QT_TRANSLATE_NOOP(
    "cli",
    "HOST is 'local' (this machine), an inventory name, an ssh-config alias, USER@HOST:PORT, "
    "sim:PROFILE[+VARIANT][:SEED] (a simulated host) or root:DIR (the system tree at DIR, e.g. a mounted server image, "
    "through a local agent). A host given twice is asked once.");

// A spec's English text in the user's language (the "cli" catalogue; English when none is loaded).
QString shown(const QString& english) {
    return english.isEmpty() ? english : QCoreApplication::translate("cli", english.toUtf8().constData());
}
QString shown(const char* english) { return QCoreApplication::translate("cli", english); }

OptionSpec helpOptionSpec() {
    OptionSpec o = OptionSpec::make(QStringLiteral("help"), {}, QStringLiteral(QT_TRANSLATE_NOOP("cli", "show this command's options and exit codes")));
    o.shortName = QStringLiteral("h");
    return o;
}
OptionSpec versionOptionSpec() {
    return OptionSpec::make(QStringLiteral("version"), {}, QStringLiteral(QT_TRANSLATE_NOOP("cli", "print the version")));
}

// Every option a command's parser knows: its own, then --help and --version.
std::vector<OptionSpec> parserOptions(const CommandSpec& spec) {
    std::vector<OptionSpec> all = spec.options;
    all.push_back(helpOptionSpec());
    all.push_back(versionOptionSpec());
    return all;
}

const OptionSpec* findOption(const std::vector<OptionSpec>& options, const QString& name) {
    for (const OptionSpec& o : options)
        if (o.name == name || (!o.shortName.isEmpty() && o.shortName == name)) return &o;
    return nullptr;
}

// The label --help shows: the value name in the user's language, the option's name as typed.
QString optionLabel(const OptionSpec& o) {
    QString label = o.shortName.isEmpty() ? QStringLiteral("--%1").arg(o.name) : QStringLiteral("-%1, --%2").arg(o.shortName, o.name);
    if (!o.valueName.isEmpty()) label += QLatin1Char(' ') + shown(o.valueName);
    return label;
}

// CJK ideographs, kana, Hangul and full-width forms take two terminal columns, and a line may
// break between any two of them: Chinese has no spaces to break at.
bool isWideChar(QChar c) {
    const char16_t u = c.unicode();
    return (u >= 0x1100 && u <= 0x115F) || (u >= 0x2E80 && u <= 0xA4CF) || (u >= 0xAC00 && u <= 0xD7A3) ||
           (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFE30 && u <= 0xFE4F) || (u >= 0xFF00 && u <= 0xFF60) ||
           (u >= 0xFFE0 && u <= 0xFFE6);
}

int displayWidth(const QString& text) {
    int width = 0;
    for (const QChar c : text) width += isWideChar(c) ? 2 : 1;
    return width;
}

// Punctuation that must not begin a line (it closes the clause before it).
bool closesClause(QChar c) { return QStringView(u"，。、；：！？）」』》】,.;:!?)").contains(c); }

// The pieces a line may break between: space-separated words, each cut further before every wide
// character that does not close a clause. `spaceBefore` says whether a space separates a piece
// from the one before it.
struct WrapPiece {
    QString text;
    bool spaceBefore = false;
};

std::vector<WrapPiece> wrapPieces(const QString& text) {
    std::vector<WrapPiece> pieces;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        bool spaceBefore = !pieces.empty();
        QString piece;
        for (const QChar c : word) {
            const bool breakBefore = !piece.isEmpty() && (isWideChar(c) || isWideChar(piece.back())) && !closesClause(c);
            if (breakBefore) {
                pieces.push_back({piece, spaceBefore});
                piece.clear();
                spaceBefore = false;
            }
            piece += c;
        }
        if (!piece.isEmpty()) pieces.push_back({piece, spaceBefore});
    }
    return pieces;
}

// `text` wrapped at 100 terminal columns, every line after the first indented by `indent`; the
// first starts at `firstColumn`.
QString wrapped(const QString& text, int indent, int firstColumn) {
    QString out;
    int column = firstColumn;
    bool first = true;
    for (const WrapPiece& piece : wrapPieces(text)) {
        const int width = displayWidth(piece.text);
        const int gap = piece.spaceBefore ? 1 : 0;
        if (!first && column + gap + width > 100) {
            out += QLatin1Char('\n') + QString(indent, QLatin1Char(' '));
            column = indent;
        } else if (gap) {
            out += QLatin1Char(' ');
            ++column;
        }
        out += piece.text;
        column += width;
        first = false;
    }
    return out;
}

// "  LABEL   help…" with the help in a column.
QString helpRow(const QString& label, const QString& help, int kColumn = 28) {
    QString row = QStringLiteral("  ") + label;
    const int width = displayWidth(row);
    if (width + 2 > kColumn) row += QLatin1Char('\n') + QString(kColumn, QLatin1Char(' '));
    else row += QString(kColumn - width, QLatin1Char(' '));
    return row + wrapped(help, kColumn, kColumn) + QLatin1Char('\n');
}

// Rewrites `--flag=VALUE` of a flag: true/yes/on/1 keep the flag, false/no/off/0 drop it.
std::optional<QString> readFlagValue(const QString& word, const QString& value, QStringList& into) {
    static const QStringList kTrue = {QStringLiteral("true"), QStringLiteral("yes"), QStringLiteral("on"), QStringLiteral("1")};
    static const QStringList kFalse = {QStringLiteral("false"), QStringLiteral("no"), QStringLiteral("off"), QStringLiteral("0")};
    if (kTrue.contains(value.toLower())) into << word.left(word.indexOf(QLatin1Char('=')));
    else if (!kFalse.contains(value.toLower()))
        return QCoreApplication::translate("cli", "%1 takes no value, or true or false").arg(word.left(word.indexOf(QLatin1Char('='))));
    return std::nullopt;
}

// What the words ask for before QCommandLineParser reads them: help, the version, an unknown
// option or one without its value. Flags given "=true"/"=false" are rewritten.
struct PreRead {
    QStringList words;
    bool help = false;
    bool version = false;
    std::optional<QString> problem;
};

PreRead preRead(const std::vector<OptionSpec>& options, const QStringList& args) {
    PreRead r;
    bool positionalOnly = false;
    for (int i = 0; i < args.size(); ++i) {
        const QString& word = args[i];
        if (positionalOnly || word.size() < 2 || !word.startsWith(QLatin1Char('-'))) {
            r.words << word;
            continue;
        }
        if (word == QLatin1String("--")) {
            positionalOnly = true;
            r.words << word;
            continue;
        }
        const qsizetype eq = word.indexOf(QLatin1Char('='));
        const QString name = word.mid(word.startsWith(QLatin1String("--")) ? 2 : 1, eq < 0 ? -1 : eq - (word.startsWith(QLatin1String("--")) ? 2 : 1));
        const OptionSpec* o = findOption(options, name);
        if (!o) {
            if (!r.problem) r.problem = QCoreApplication::translate("cli", "unknown option '%1'").arg(eq < 0 ? word : word.left(eq));
            continue;
        }
        if (o->name == QLatin1String("help")) r.help = true;
        if (o->name == QLatin1String("version")) r.version = true;
        if (o->valueName.isEmpty() && eq >= 0) {
            if (auto problem = readFlagValue(word, word.mid(eq + 1), r.words); problem && !r.problem) r.problem = problem;
            continue;
        }
        if (o->valueName.isEmpty() || eq >= 0) {
            r.words << word;
        } else if (i + 1 >= args.size()) {
            if (!r.problem) r.problem = QCoreApplication::translate("cli", "%1 needs a value (%2)").arg(word, shown(o->valueName));
        } else {
            // The value is the next word whatever it looks like (--load '-x' is a command).
            r.words << QStringLiteral("--%1=%2").arg(o->name, args[++i]);
        }
    }
    return r;
}

// What a handler reads: each option in the order given, by its long name, then the other words.
ParsedCommand parsedFrom(const QCommandLineParser& parser, const std::vector<OptionSpec>& options) {
    ParsedCommand parsed;
    std::map<QString, int> used;
    for (const QString& given : parser.optionNames()) {
        const OptionSpec* o = findOption(options, given);
        if (!o) continue;
        parsed.options.push_back({o->name, o->valueName.isEmpty() ? QString() : parser.values(o->name).value(used[o->name]++)});
    }
    parsed.words = parser.positionalArguments();
    return parsed;
}

// A file the command would read, given explicitly, that does not exist: a usage error naming it.
std::optional<QString> missingFile(const CommandSpec& spec, const std::vector<OptionSpec>& options,
                                   const QCommandLineParser& parser) {
    for (const OptionSpec& o : options) {
        if (!o.mustExist) continue;
        for (const QString& path : parser.values(o.name))
            if (!path.isEmpty() && !QFileInfo::exists(path))
                return QCoreApplication::translate("cli", "--%1 %2: no such file; check the path").arg(o.name, path);
    }
    const QStringList positional = parser.positionalArguments();
    for (int i = 0; i < spec.firstPositionalMustExist && i < positional.size(); ++i)
        if (!QFileInfo::exists(positional[i]))
            return QCoreApplication::translate("cli", "%1: no such file; check the path").arg(positional[i]);
    return std::nullopt;
}

// "PROBLEM; 'fleetdeck-cli CMD --help' lists its options", punctuated as the language does.
QString withHelpPointer(const QString& problem, const QString& who) {
    return QCoreApplication::translate("cli", "%1; '%2 --help' lists its options").arg(problem, who);
}

// Parses `args` by the options `options` of `spec`; what the handler reads, or the exit code.
std::variant<ParsedCommand, int> parseBy(const CommandSpec& spec, const std::vector<OptionSpec>& options,
                                       const QStringList& args, QTextStream& out, QTextStream& err) {
    const QString who = QStringLiteral("fleetdeck-cli %1").arg(spec.name);
    const PreRead pre = preRead(options, args);
    if (pre.help) {
        out << commandHelpText(spec);
        return 0;
    }
    if (pre.version) {
        out << versionText();
        return 0;
    }
    if (pre.problem) {
        err << who << ": " << withHelpPointer(*pre.problem, who) << "\n";
        return 2;
    }
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const OptionSpec& o : options) {
        QStringList names{o.name};
        if (!o.shortName.isEmpty()) names.prepend(o.shortName);
        parser.addOption(o.valueName.isEmpty() ? QCommandLineOption(names, o.help) : QCommandLineOption(names, o.help, o.valueName));
    }
    if (!parser.parse(QStringList{QStringLiteral("fleetdeck-cli")} + pre.words)) {
        err << who << ": " << withHelpPointer(parser.errorText(), who) << "\n";
        return 2;
    }
    if (const auto missing = missingFile(spec, options, parser)) {
        err << who << ": " << *missing << "\n";
        return 2;
    }
    return parsedFrom(parser, options);
}

}  // namespace

const CommandSpec* findCommandSpec(const QString& name) {
    for (const CommandSpec& c : commandSpecs())
        if (c.name == name) return &c;
    return nullptr;
}

QStringList commandActions(const QString& group) {
    QStringList actions;
    const QString prefix = group + QLatin1Char(' ');
    for (const CommandSpec& c : commandSpecs())
        if (c.name.startsWith(prefix)) actions << c.name.mid(prefix.size());
    return actions;
}

bool ParsedCommand::isSet(const QString& name) const {
    return std::any_of(options.begin(), options.end(), [&](const Given& g) { return g.name == name; });
}

QString ParsedCommand::value(const QString& name, const QString& fallback) const {
    const QStringList all = values(name);
    return all.isEmpty() ? fallback : all.last();
}

QStringList ParsedCommand::values(const QString& name) const {
    QStringList all;
    for (const Given& g : options)
        if (g.name == name) all << g.value;
    return all;
}

std::variant<ParsedCommand, int> parseCommandWords(const CommandSpec& spec, const QStringList& args, QTextStream& out,
                                                   QTextStream& err) {
    const std::vector<OptionSpec> options = parserOptions(spec);
    if (spec.splitAt.isEmpty()) return parseBy(spec, options, args, out, err);
    // audit verify FILE --against HOST...: the words before --against are the command's (its
    // FILE among them), those after are the hosts and their options.
    const qsizetype at = args.indexOf(QStringLiteral("--") + spec.splitAt);
    std::vector<OptionSpec> own, remote;
    for (const OptionSpec& o : options) {
        const bool common = o.name == QLatin1String("help") || o.name == QLatin1String("version");
        if (common || o.name == QLatin1String("key") || o.name == spec.splitAt) own.push_back(o);
        if (common || (o.name != QLatin1String("key") && o.name != spec.splitAt)) remote.push_back(o);
    }
    auto head = parseBy(spec, own, at < 0 ? args : args.mid(0, at), out, err);
    if (at < 0 || std::holds_alternative<int>(head)) return head;
    CommandSpec hosts = spec;
    hosts.firstPositionalMustExist = 0;
    auto tail = parseBy(hosts, remote, args.mid(at + 1), out, err);
    if (const int* code = std::get_if<int>(&tail)) return *code;
    std::get<ParsedCommand>(head).split = std::make_shared<const ParsedCommand>(std::move(std::get<ParsedCommand>(tail)));
    return head;
}

int terminalColumns(const QString& text) { return displayWidth(text); }

QString paddedToColumns(const QString& text, int columns) {
    return text + QString(std::max(0, columns - displayWidth(text)), QLatin1Char(' '));
}

void printColumns(QTextStream& out, const QStringList& header, const QList<QStringList>& rows, const QString& indent) {
    QList<int> widths;
    for (const QString& h : header) widths << terminalColumns(h);
    for (const QStringList& row : rows)
        for (qsizetype c = 0; c < row.size() && c < widths.size(); ++c) widths[c] = std::max(widths[c], terminalColumns(row[c]));
    const auto line = [&](const QStringList& cells) {
        QString text = indent;
        for (qsizetype c = 0; c < cells.size(); ++c) text += c + 1 < cells.size() ? paddedToColumns(cells[c], widths[c] + 2) : cells[c];
        out << text << "\n";
    };
    line(header);
    for (const QStringList& row : rows) line(row);
}

QString versionText() {
    return QStringLiteral("fleetdeck-cli %1 (protocol %2)\n").arg(QCoreApplication::applicationVersion()).arg(protocol::kProtocolVersion);
}

QString commandHelpText(const CommandSpec& spec) {
    QString text = QCoreApplication::translate("cli", "Usage: fleetdeck-cli %1 [OPTIONS]%2")
                       .arg(spec.name, spec.arguments.isEmpty() ? QString() : QLatin1Char(' ') + shown(spec.arguments)) +
                   QStringLiteral("\n\n");
    text += wrapped(shown(spec.description), 0, 0) + QStringLiteral("\n");
    if (!spec.argumentHelp.empty()) {
        text += QLatin1Char('\n') + QCoreApplication::translate("cli", "Arguments:") + QLatin1Char('\n');
        for (const auto& [name, help] : spec.argumentHelp) text += helpRow(shown(name), shown(help));
    }
    text += QLatin1Char('\n') + QCoreApplication::translate("cli", "Options:") + QLatin1Char('\n');
    for (const OptionSpec& o : parserOptions(spec))
        if (!o.hidden) text += helpRow(optionLabel(o), shown(o.help));
    for (const OptionSpec& o : globalOptions()) text += helpRow(optionLabel(o), shown(o.help));
    text += QLatin1Char('\n') + QCoreApplication::translate("cli", "Exit codes:") + QLatin1Char('\n');
    for (const auto& [code, meaning] : kExitCodes) text += helpRow(QString::number(code), shown(meaning), 6);
    if (!spec.exitNote.isEmpty())
        text += QStringLiteral("  ") + wrapped(spec.name + QStringLiteral(": ") + shown(spec.exitNote), 2, 2) + QLatin1Char('\n');
    if (!spec.examples.empty()) {
        text += QLatin1Char('\n') + QCoreApplication::translate("cli", "Examples:") + QLatin1Char('\n');
        for (const auto& [about, line] : spec.examples)
            text += QStringLiteral("  # %1\n  %2\n").arg(shown(about), QString(line).replace(QLatin1Char('\n'), QStringLiteral("\n  ")));
    }
    return text;
}

QString groupHelpText(const QString& group) {
    QString text = QCoreApplication::translate("cli", "Usage: fleetdeck-cli %1 ACTION [OPTIONS]").arg(group) + QStringLiteral("\n\n") +
                   QCoreApplication::translate("cli", "Actions:") + QLatin1Char('\n');
    for (const QString& action : commandActions(group)) {
        const CommandSpec& c = *findCommandSpec(group + QLatin1Char(' ') + action);
        text += helpRow(action + (c.arguments.isEmpty() ? QString() : QLatin1Char(' ') + shown(c.arguments)), shown(c.summary));
    }
    return text + QLatin1Char('\n') +
           QCoreApplication::translate("cli", "'fleetdeck-cli %1 ACTION --help' shows an action's options.").arg(group) +
           QLatin1Char('\n');
}

QString topLevelHelpText() {
    QString text = QCoreApplication::translate("cli", "Usage: fleetdeck-cli COMMAND [OPTIONS] [HOST...]") + QStringLiteral("\n\n") +
                   QCoreApplication::translate("cli", "Commands:") + QLatin1Char('\n');
    for (const CommandSpec& c : commandSpecs())
        text += helpRow(c.name + (c.arguments.isEmpty() ? QString() : QLatin1Char(' ') + shown(c.arguments)), shown(c.summary));
    text += helpRow(QStringLiteral("--version"), QCoreApplication::translate("cli", "print the version"));
    text += helpRow(QStringLiteral("help"), QCoreApplication::translate("cli", "show this text"));
    text += QLatin1Char('\n') + QCoreApplication::translate("cli", "Options of every command (before or after its name):") +
            QLatin1Char('\n');
    for (const OptionSpec& o : globalOptions()) text += helpRow(optionLabel(o), shown(o.help));
    text += QLatin1Char('\n') + wrapped(shown(kHostForms), 0, 0) + QStringLiteral("\n\n") +
            QCoreApplication::translate("cli", "Exit codes:") + QLatin1Char('\n');
    for (const auto& [code, meaning] : kExitCodes) text += helpRow(QString::number(code), shown(meaning), 6);
    text += QLatin1Char('\n') +
            wrapped(QCoreApplication::translate("cli", "'fleetdeck-cli COMMAND --help' shows a command's options, exit codes "
                                                       "and examples; so does 'man fleetdeck-cli'."),
                    0, 0) +
            QLatin1Char('\n');
    return text;
}

QString cliManPage() {
    ManPage page(QStringLiteral("fleetdeck-cli"), QStringLiteral("query, tune and audit GPU servers from the command line"));
    page.section(QStringLiteral("Synopsis"));
    for (const CommandSpec& c : commandSpecs())
        page.synopsis(c.name + QStringLiteral(" [OPTIONS]") + (c.arguments.isEmpty() ? QString() : QLatin1Char(' ') + c.arguments));
    page.synopsis(QStringLiteral("COMMAND --help | --version"));
    page.section(QStringLiteral("Description"));
    page.paragraph(QStringLiteral("The command-line face of FleetDeck: the same libraries as the desktop application "
                                  "fleetdeck(1), which deploys fleetdeck-agent(1) to each host over SSH and asks it. "
                                  "Every command takes --help (its options, exit codes and examples) and --version; "
                                  "options take their value as --option VALUE or --option=VALUE.\n\n") + QString::fromUtf8(kHostForms));
    page.section(QStringLiteral("Options of every command"));
    for (const OptionSpec& o : globalOptions()) page.entry(QStringLiteral("--") + o.name, o.valueName, o.help);
    page.section(QStringLiteral("Commands"));
    for (const CommandSpec& c : commandSpecs()) {
        page.subsection(QStringLiteral("%1 [OPTIONS]%2").arg(c.name, c.arguments.isEmpty() ? QString() : QLatin1Char(' ') + c.arguments));
        page.paragraph(c.description);
        for (const auto& [name, help] : c.argumentHelp) page.entry(name, {}, help);
        for (const OptionSpec& o : c.options)
            if (!o.hidden)
                page.entry(o.shortName.isEmpty() ? QStringLiteral("--") + o.name : QStringLiteral("-%1, --%2").arg(o.shortName, o.name),
                           o.valueName, o.help);
        if (!c.exitNote.isEmpty()) page.paragraph(QStringLiteral("Exit status: ") + c.exitNote);
    }
    page.section(QStringLiteral("Exit status"));
    for (const auto& [code, meaning] : kExitCodes) page.entry(QString::number(code), {}, QString::fromUtf8(meaning));
    page.entry(QStringLiteral("130, 143"), {}, QStringLiteral("commission, health, diagnose, top, apply, rollback: interrupted by SIGINT (Ctrl-C) or SIGTERM "
                                                              "(128 + the signal) after recording what was done"));
    page.section(QStringLiteral("Environment"));
    page.entry(QStringLiteral("FLEETDECK_AUDIT_KEY"), {}, QStringLiteral("the audit log's HMAC key file, when no --audit-key or --key is given"));
    page.entry(QStringLiteral("FLEETDECK_AGENT"), {}, QStringLiteral("the agent binary to start for 'local' and to deploy"));
    page.section(QStringLiteral("Examples"));
    for (const CommandSpec& c : commandSpecs())
        for (const auto& [about, line] : c.examples) page.example(about, line);
    page.section(QStringLiteral("See also"));
    page.paragraph(QStringLiteral("fleetdeck(1), fleetdeck-agent(1), ssh_config(5)"));
    return page.text();
}

namespace {

QString shellWords(const QStringList& words) { return words.join(QLatin1Char(' ')); }

}  // namespace

QString bashCompletionScript() {
    QStringList commands;
    for (const CommandSpec& c : commandSpecs())
        if (const QString top = c.name.section(QLatin1Char(' '), 0, 0); !commands.contains(top)) commands << top;
    QString cases;
    for (const CommandSpec& c : commandSpecs()) {
        QStringList options, fileOptions, valueOptions;
        std::vector<OptionSpec> offered = parserOptions(c);
        const std::vector<OptionSpec> global = globalOptions();
        offered.insert(offered.end(), global.begin(), global.end());
        for (const OptionSpec& o : offered) {
            if (o.hidden) continue;
            options << QStringLiteral("--") + o.name;
            if (o.valueName.contains(QLatin1String("FILE"))) fileOptions << QStringLiteral("--") + o.name;
            else if (!o.valueName.isEmpty()) valueOptions << QStringLiteral("--") + o.name;
        }
        cases += QStringLiteral("        '%1') opts='%2'; files='%3'; values='%4'; hosts=%5 ;;\n")
                     .arg(c.name, shellWords(options), shellWords(fileOptions), shellWords(valueOptions),
                          c.takesHosts ? QStringLiteral("1") : QStringLiteral("0"));
    }
    QString groups;
    for (const QString& top : commands)
        if (const QStringList actions = commandActions(top); !actions.isEmpty())
            groups += QStringLiteral("        %1) actions='%2' ;;\n").arg(top, shellWords(actions));
    return QStringLiteral(
               "# bash completion for fleetdeck-cli, generated from its command definitions.\n"
               "_fleetdeck_cli() {\n"
               "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" command=\"${COMP_WORDS[1]}\" first=2 actions=\"\"\n"
               "    [ \"$COMP_CWORD\" -gt 0 ] && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
               "    COMPREPLY=()\n"
               "    if [ \"$COMP_CWORD\" -le 1 ]; then\n"
               "        COMPREPLY=($(compgen -W '%1 help --help --version' -- \"$cur\"))\n"
               "        return 0\n"
               "    fi\n"
               "    case \"$command\" in\n"
               "%2"
               "    esac\n"
               "    if [ -n \"$actions\" ]; then\n"
               "        if [ \"$COMP_CWORD\" -eq 2 ]; then\n"
               "            COMPREPLY=($(compgen -W \"$actions help\" -- \"$cur\"))\n"
               "            return 0\n"
               "        fi\n"
               "        command=\"$command ${COMP_WORDS[2]}\"\n"
               "        first=3\n"
               "    fi\n"
               "    local opts=\"\" files=\"\" values=\"\" hosts=0\n"
               "    case \"$command\" in\n"
               "%3"
               "        *) return 0 ;;\n"
               "    esac\n"
               "    local word\n"
               "    for word in $files; do\n"
               "        if [ \"$prev\" = \"$word\" ]; then COMPREPLY=($(compgen -f -- \"$cur\")); return 0; fi\n"
               "    done\n"
               "    for word in $values; do\n"
               "        [ \"$prev\" = \"$word\" ] && return 0\n"
               "    done\n"
               "    if [[ \"$cur\" == -* ]]; then\n"
               "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
               "    elif [ \"$hosts\" = 1 ]; then\n"
               "        # The saved inventory's hosts and @groups, or those of --inventory FILE on the line.\n"
               "        local inventory=() i\n"
               "        for ((i = first; i < COMP_CWORD; i++)); do\n"
               "            [ \"${COMP_WORDS[i]}\" = --inventory ] && inventory=(--inventory \"${COMP_WORDS[i+1]}\")\n"
               "        done\n"
               "        COMPREPLY=($(compgen -W \"local $(\"${COMP_WORDS[0]}\" __complete-hosts \"${inventory[@]}\" 2>/dev/null)\" -- \"$cur\"))\n"
               "    fi\n"
               "    return 0\n"
               "}\n"
               "complete -F _fleetdeck_cli fleetdeck-cli\n")
        .arg(shellWords(commands), groups, cases);
}

std::variant<GlobalOptions, QString> takeGlobalOptions(QStringList& words) {
    GlobalOptions found;
    const std::vector<OptionSpec> global = globalOptions();
    for (qsizetype i = 0; i < words.size();) {
        const OptionSpec* option = nullptr;
        QString value;
        for (const OptionSpec& o : global) {
            const QString flag = QStringLiteral("--") + o.name;
            if (words[i] == flag) {
                if (i + 1 >= words.size()) return QStringLiteral("%1 needs a value: %1 %2").arg(flag, o.valueName);
                option = &o;
                value = words[i + 1];
                words.remove(i, 2);
            } else if (words[i].startsWith(flag + QLatin1Char('='))) {
                option = &o;
                value = words[i].mid(flag.size() + 1);
                words.remove(i);
            }
            if (option) break;
        }
        if (!option) {
            ++i;
            continue;
        }
        if (option->name == QLatin1String("lang")) found.language = value;
    }
    return found;
}

}  // namespace fleetdeck::cli
