#pragma once

#include <memory>
#include <variant>
#include <vector>

#include <QString>
#include <QStringList>
#include <QTextStream>

namespace fleetdeck::cli {

// One option of a subcommand, as --help, the manual page and the completion show it.
struct OptionSpec {
    QString name;       // the long name without dashes: "inventory"
    QString valueName;  // empty for a flag: "FILE", "SECONDS"
    QString help;
    QString shortName;        // "v" for -v; empty when none
    bool mustExist = false;   // the value names a file that is read: missing is a usage error
    bool hidden = false;      // accepted, not shown (kept for command lines written before)

    static OptionSpec make(const QString& name, const QString& valueName, const QString& help) {
        OptionSpec o;
        o.name = name;
        o.valueName = valueName;
        o.help = help;
        return o;
    }
};

// A subcommand ("facts") or one action of a grouped one ("audit show"): everything --help, the
// manual page, the completion and the parser need, in one place.
struct CommandSpec {
    QString name;
    QString arguments;  // after the options in the synopsis: "HOST..."
    QString summary;    // one line
    QString description;
    std::vector<std::pair<QString, QString>> argumentHelp;  // ("HOST...", what it is)
    std::vector<OptionSpec> options;
    QString exitNote;  // exit codes this command adds to, or means by, the shared ones
    std::vector<std::pair<QString, QString>> examples;  // (what it does, the command line)
    bool takesHosts = false;         // its words are hosts: the completion offers the inventory's
    int firstPositionalMustExist = 0;  // how many leading words are files that must exist (audit show FILE)
    QString splitAt;                 // "against": the words after --against are remote options and hosts
};

// Every subcommand, in the order the help and the manual list them.
const std::vector<CommandSpec>& commandSpecs();
// The spec named `name` ("facts", "audit show"), or null.
const CommandSpec* findCommandSpec(const QString& name);
// The actions of a grouped command ("audit" → verify, show, export, check-report); empty when none.
QStringList commandActions(const QString& group);

// The options every command takes, before or after its name: --lang. fleetdeck-cli's main() takes
// them out of the words (takeGlobalOptions) before run() reads the rest.
std::vector<OptionSpec> globalOptions();
struct GlobalOptions {
    QString language;  // --lang: "zh_TW", "en"; empty when not given
};
// Removes the global options, as "--name VALUE" or "--name=VALUE", from `words`; a problem for the
// user when one lacks its value.
std::variant<GlobalOptions, QString> takeGlobalOptions(QStringList& words);

// A command's words as its spec read them: the options given, by their long name, and the other
// words. The one place a handler reads its options from: each option is declared once, in its
// CommandSpec, and a handler asks for it by name.
struct ParsedCommand {
    struct Given {
        QString name;   // the long name without dashes, also when given by its short one (-v)
        QString value;  // empty for a flag
    };
    QString action;              // a grouped command's action ("verify" of audit verify); empty when none
    std::vector<Given> options;  // in the order given
    QStringList words;           // the other words, in order: hosts, files, a pattern
    // With spec.splitAt ("against"): the words after --against, read the same way; null when not given.
    std::shared_ptr<const ParsedCommand> split;

    bool isSet(const QString& name) const;
    // The value given last (a later --since wins over an earlier one); `fallback` when not given.
    QString value(const QString& name, const QString& fallback = {}) const;
    QStringList values(const QString& name) const;  // every value given, in order
};

// Reads `args` (the words after the subcommand and its action) by `spec`. Returns what the
// command's handler reads, or the exit code when it printed help or the version (0) or a usage
// error (2).
std::variant<ParsedCommand, int> parseCommandWords(const CommandSpec& spec, const QStringList& args, QTextStream& out,
                                                   QTextStream& err);

// `fleetdeck-cli SUB --help`, `fleetdeck-cli --help`, `fleetdeck-cli GROUP help`.
QString commandHelpText(const CommandSpec& spec);
QString topLevelHelpText();
QString groupHelpText(const QString& group);
QString versionText();

// Terminal columns `text` takes: two for each CJK ideograph or full-width form, one for the rest;
// and `text` padded with spaces to `columns` of them, for tables whose headers are translated.
int terminalColumns(const QString& text);
QString paddedToColumns(const QString& text, int columns);
// Rows under a header, each line started by `indent`, each column as wide as its widest cell in
// terminal columns, two spaces apart; the last column unpadded.
void printColumns(QTextStream& out, const QStringList& header, const QList<QStringList>& rows, const QString& indent = {});

// fleetdeck-cli(1) in roff, and the bash completion script; both from commandSpecs().
QString cliManPage();
QString bashCompletionScript();

}  // namespace fleetdeck::cli
