// What a subcommand's handler is handed: the options by their long name in the order given, the
// other words, and for audit verify the hosts after --against, read by the command's own spec.
#include <gtest/gtest.h>

#include "app/cli/command_line.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

struct HandedWords {
    std::variant<cli::ParsedCommand, int> result;
    QString out, err;
};

HandedWords handedFor(const QString& command, const QStringList& words) {
    HandedWords p;
    QTextStream out(&p.out), err(&p.err);
    p.result = cli::parseCommandWords(*cli::findCommandSpec(command), words, out, err);
    return p;
}

TEST(ParsedCommand, OptionsByLongNameInTheOrderGivenAndTheOtherWords) {
    const HandedWords p = handedFor(QStringLiteral("facts"), {QStringLiteral("-v"), QStringLiteral("--identity=a.key"), QStringLiteral("gpu-01"),
                                                     QStringLiteral("--json=false"), QStringLiteral("--identity"), QStringLiteral("b.key"),
                                                     QStringLiteral("--"), QStringLiteral("--json")});
    ASSERT_TRUE(std::holds_alternative<cli::ParsedCommand>(p.result)) << p.err.toStdString();
    const auto& c = std::get<cli::ParsedCommand>(p.result);
    ASSERT_EQ(c.options.size(), 3u);
    EXPECT_EQ(c.options[0].name, QStringLiteral("verbose"));  // -v, by its long name
    EXPECT_TRUE(c.isSet(QStringLiteral("verbose")));
    EXPECT_EQ(c.values(QStringLiteral("identity")), (QStringList{QStringLiteral("a.key"), QStringLiteral("b.key")}));
    EXPECT_EQ(c.value(QStringLiteral("identity")), QStringLiteral("b.key"));  // the later one wins
    // --json=false is no --json; a word after "--" is a word, whatever it looks like.
    EXPECT_FALSE(c.isSet(QStringLiteral("json")));
    EXPECT_EQ(c.words, (QStringList{QStringLiteral("gpu-01"), QStringLiteral("--json")}));
    EXPECT_EQ(c.value(QStringLiteral("inventory"), QStringLiteral("default")), QStringLiteral("default"));
    EXPECT_EQ(c.split, nullptr);
}

TEST(ParsedCommand, AuditVerifyHandsTheHostsAfterAgainstApart) {
    const test::TempDir dir;
    const QString log = QString::fromStdString(dir.write("log.jsonl", "").string());
    const QString key = QString::fromStdString(dir.write("log.key", "").string());
    const HandedWords p = handedFor(QStringLiteral("audit verify"), {log, QStringLiteral("--key"), key, QStringLiteral("--against"),
                                                            QStringLiteral("--json"), QStringLiteral("gpu-01"), QStringLiteral("gpu-02")});
    ASSERT_TRUE(std::holds_alternative<cli::ParsedCommand>(p.result)) << p.err.toStdString();
    const auto& c = std::get<cli::ParsedCommand>(p.result);
    EXPECT_EQ(c.words, QStringList{log});
    EXPECT_EQ(c.value(QStringLiteral("key")), key);
    ASSERT_NE(c.split, nullptr);
    EXPECT_TRUE(c.split->isSet(QStringLiteral("json")));
    EXPECT_EQ(c.split->words, (QStringList{QStringLiteral("gpu-01"), QStringLiteral("gpu-02")}));
}

TEST(ParsedCommand, HelpAndUsageErrorsEndBeforeAnyHandler) {
    const HandedWords help = handedFor(QStringLiteral("facts"), {QStringLiteral("gpu-01"), QStringLiteral("-h")});
    ASSERT_TRUE(std::holds_alternative<int>(help.result));
    EXPECT_EQ(std::get<int>(help.result), 0);
    EXPECT_TRUE(help.out.startsWith(QStringLiteral("Usage: fleetdeck-cli facts"))) << help.out.toStdString();

    const HandedWords missing = handedFor(QStringLiteral("facts"), {QStringLiteral("--inventory")});
    ASSERT_TRUE(std::holds_alternative<int>(missing.result));
    EXPECT_EQ(std::get<int>(missing.result), 2);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("--inventory needs a value"))) << missing.err.toStdString();

    const HandedWords unknown = handedFor(QStringLiteral("mesh"), {QStringLiteral("--watch"), QStringLiteral("5")});
    ASSERT_TRUE(std::holds_alternative<int>(unknown.result));
    EXPECT_EQ(std::get<int>(unknown.result), 2);
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("unknown option '--watch'"))) << unknown.err.toStdString();
}

}  // namespace
}  // namespace fleetdeck
