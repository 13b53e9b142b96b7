#include "app/drift/drift_probe.h"

#include "agent/protocol/journal.h"
#include "app/drift/drift_check.h"

namespace fleetdeck::drift {
namespace {

using Json = nlohmann::json;

constexpr int kDriftJournalPage = 10000;  // journal.read's largest page
constexpr int kDriftJournalPages = 20;    // the newest 200,000 records are plenty to confirm pushes

// Reads the host's journal page by page into now->journal, then calls `done`; a journal that
// cannot be read (no root) leaves a note, not a failure.
void readDriftJournalPages(HostSession& session, std::shared_ptr<DriftHostNow> now, int page,
                           std::function<void(const Outcome&)> done) {
    const std::int64_t after = now->journal && !now->journal->empty() ? now->journal->back().value("seq", std::int64_t{0}) : 0;
    session.call<protocol::methods::JournalRead>({after, kDriftJournalPage},
        [&session, now, page, done](const Result<protocol::JournalPage>& journal) {
        if (!journal) {
            now->notes.push_back("the journal could not be read (" + journal.problem().message.toStdString() +
                                 "): the pushes are not confirmed by the host");
            now->journal.reset();
            return done(Done{});
        }
        if (!now->journal) now->journal.emplace();
        for (const Json& e : journal->entries) now->journal->push_back(e);
        if (journal->entries.size() == kDriftJournalPage && page + 1 < kDriftJournalPages)
            return readDriftJournalPages(session, now, page + 1, done);
        done(Done{});
    });
}

}  // namespace

void askDriftHost(HostSession& session, const HostDesiredState& state, std::shared_ptr<DriftHostNow> now,
                  std::function<void(const Outcome&)> done) {
    std::vector<std::string> ids, keys;
    for (const auto& [id, s] : state.settings) {
        ids.push_back(id);
        if (id.rfind("sysctl:", 0) == 0) keys.push_back(id.substr(7));
    }
    session.call<protocol::methods::TuneRead>({ids},
        [&session, now, keys, done](const Result<protocol::TuneReadResult>& read) {
        if (!read) return done(read.problem());
        now->values = *read;
        session.call<protocol::methods::DriftExplain>({keys},
            [&session, now, done](const Result<protocol::DriftExplain>& explain) {
            if (explain) now->explain = *explain;
            else now->notes.push_back(std::string(protocol::methods::DriftExplain::name) + ": " + explain.problem().message.toStdString());
            readDriftJournalPages(session, now, 0, done);
        });
    });
}

std::map<std::int64_t, std::string> auditHashes(const std::vector<audit::AuditEntry>& entries) {
    std::map<std::int64_t, std::string> hashes;
    for (const audit::AuditEntry& e : entries) hashes[e.seq] = e.hash;
    return hashes;
}

DriftComparison compareWithHost(const HostDesiredState& pushed, const DriftHostNow& now,
                                const std::map<std::int64_t, std::string>& hashes) {
    DriftComparison out{pushed, {}};
    if (now.journal) confirmWithJournal(out.confirmed, journalEvidence(*now.journal), hashes);
    out.findings = findDrift(out.confirmed, now.values, now.explain ? &*now.explain : nullptr);
    return out;
}

}  // namespace fleetdeck::drift
