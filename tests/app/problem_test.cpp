// The one table of what the app does for each problem code (app/problem.h), against the protocol's
// closed list and against docs/protocol.md, which shows the same table.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>

#include "app/problem.h"
#include "app/transport.h"

using namespace fleetdeck;

namespace {

// code → "what the app does" from every table row under "## Error codes".
std::map<std::string, std::string> documentedRules() {
    std::ifstream in(FLEETDECK_SOURCE_DIR "/docs/protocol.md");
    EXPECT_TRUE(in.good());
    std::map<std::string, std::string> rules;
    bool inside = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("## ")) inside = line.starts_with("## Error codes");
        if (!inside || !line.starts_with("| `")) continue;
        const auto close = line.find('`', 3);
        const auto last = line.rfind(" |");
        const auto third = line.rfind(" | ", last - 1);
        rules[line.substr(3, close - 3)] = line.substr(third + 3, last - third - 3);
    }
    return rules;
}

}  // namespace

TEST(Problem, EveryCodeHasOneRuleInCodeOrder) {
    std::size_t count = 0;
    const ProblemRule* rules = problemRules(&count);
    ASSERT_EQ(count, static_cast<std::size_t>(ProblemCode::IoFailed) + 1);
    for (std::size_t i = 0; i < count; ++i) {
        EXPECT_EQ(static_cast<std::size_t>(rules[i].code), i) << rules[i].name;
        EXPECT_FALSE(rules[i].whatTheAppDoes.empty()) << rules[i].name;
    }
}

TEST(Problem, ProtocolCodesKeepTheirWireNames) {
    for (int i = 0; i <= static_cast<int>(protocol::ErrorCode::Unavailable); ++i) {
        const auto code = static_cast<protocol::ErrorCode>(i);
        EXPECT_EQ(toString(problemCodeFor(code)), protocol::to_string(code));
        EXPECT_EQ(problemFrom(protocol::Error{code, "why"}).message, QStringLiteral("why"));
    }
}

TEST(Problem, TheDocumentShowsTheTableTheAppFollows) {
    const auto documented = documentedRules();
    std::size_t count = 0;
    const ProblemRule* rules = problemRules(&count);
    EXPECT_EQ(documented.size(), count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto it = documented.find(std::string(rules[i].name));
        ASSERT_NE(it, documented.end()) << "not in docs/protocol.md: " << rules[i].name;
        EXPECT_EQ(it->second, rules[i].whatTheAppDoes) << rules[i].name;
    }
}

TEST(Problem, ConnectionProblemsMapToTheirActions) {
    using C = ProblemCode;
    EXPECT_EQ(problemRule(C::HostKeyUnknown).action, ProblemAction::Ask);
    EXPECT_EQ(problemRule(C::HostKeyChanged).action, ProblemAction::Refuse);
    EXPECT_EQ(problemRule(C::AuthFailed).action, ProblemAction::Refuse);
    EXPECT_EQ(problemRule(C::ConnectFailed).action, ProblemAction::RetryWithBackoff);
    // A lost link, an agent that exited, and a requested close: the session connects again.
    EXPECT_EQ(problemRule(C::Unavailable).action, ProblemAction::RetryWithBackoff);
    EXPECT_EQ(closedOnRequest().action(), ProblemAction::RetryWithBackoff);
    EXPECT_TRUE(closedOnRequest().message.isEmpty());
    EXPECT_EQ(problemRule(C::ProtocolViolation).action, ProblemAction::MarkMisbehaving);
    EXPECT_EQ(problemRule(problemCodeFor(protocol::ErrorCode::MethodNotFound)).action, ProblemAction::HideFeature);
}

TEST(Problem, AResultHoldsAValueOrAProblem) {
    Result<int> good = 7;
    ASSERT_TRUE(good.ok());
    EXPECT_EQ(*good, 7);
    Result<int> bad = Problem{ProblemCode::BadInput, "--interval needs a number"};
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.problem().code, ProblemCode::BadInput);
    EXPECT_EQ(bad.problem().action(), ProblemAction::Report);
}
