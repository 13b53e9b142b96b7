#pragma once

#include <functional>
#include <optional>
#include <vector>

#include <QFuture>
#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include "app/history/incident.h"
#include "app/problem.h"
#include "app/telemetry_store.h"
#include "ui/dashboard/dashboard_view.h"
#include "ui/events/incident_table_model.h"

class QComboBox;
class QLabel;
class QTableView;

namespace fleetdeck {

class IncidentTimeline;
class ViewHeader;

// What happened across the fleet: incidents (throttle episodes, GPU health findings, hosts offline,
// slow links, pushes) from the history store, as a timeline with a lane per host and as a list,
// filtered by range, host, kind and severity, exported as CSV. Activating one opens the host page
// over the incident's time. The store is read off the GUI thread: a reload asks, and the list
// changes when the answer comes.
class EventsView : public QWidget, public DashboardView {
    Q_OBJECT
public:
    // Reads the incidents that overlap [sinceMs, untilMs], of one host or (empty) all, off the GUI
    // thread: it returns at once, and the future finishes when the read is done.
    using Incidents = Result<std::vector<history::Incident>>;
    using IncidentReader = std::function<QFuture<Incidents>(const QString& host, qint64 sinceMs, qint64 untilMs)>;

    EventsView(IncidentReader reader, const TelemetryStore& store, QWidget* parent = nullptr);

    const DashboardViewKind& kind() const override { return kEventsView; }
    QWidget* widget() override { return this; }
    void refresh(qint64 nowMs) override;
    // Asks for a read at once (after a filter change, or when the store wrote) and returns. While
    // a read runs, the reloads asked meanwhile become one read, with the newest filters; the
    // answer to an older one than the newest asked is dropped.
    void reload();
    // A read runs, or waits to run.
    bool reading() const { return running_.has_value() || waiting_.has_value(); }
    // A read still running after this long says so on the status line.
    static constexpr int kReadingNoticeMs = 200;

    // Filters, as the combo boxes set them.
    void setRangeMs(qint64 spanMs);
    void setHostFilter(const QString& host);  // empty: every host
    void setKindFilter(std::optional<history::IncidentKind> kind);
    void setMinimumSeverity(history::IncidentSeverity severity);
    // A sentence above the list when the store cannot be read (not recording, locked, damaged);
    // while a slow read runs, the line says that instead.
    void setStatus(const QString& text);
    QString statusText() const;

    Outcome exportCsv(const QString& path) const;
    const IncidentTableModel& model() const { return model_; }
    const IncidentTimeline& timeline() const { return *timeline_; }
    QString headerText() const;

    static constexpr qint64 kRangesMs[] = {3600'000LL, 6 * 3600'000LL, 24 * 3600'000LL, 7 * 24 * 3600'000LL,
                                           30 * 24 * 3600'000LL};

signals:
    // Show `host` over [fromMs, toMs]: the incident with some time before and after it.
    void openHostAt(const QString& host, qint64 fromMs, qint64 toMs);

private:
    // What one reload asked for: the filters when it was asked, and when.
    struct ReadRequest {
        quint64 id = 0;  // counts the reloads
        QString host;
        qint64 sinceMs = 0, nowMs = 0;
        int kind = -1;  // an IncidentKind, or -1: every kind
        history::IncidentSeverity minimum = history::IncidentSeverity::Info;
    };
    ReadRequest askedNow();
    void startRead();
    void readFinished();
    void showRead(const ReadRequest& asked, std::vector<history::Incident> shown);
    void showStatus();
    void activate(const history::Incident& incident);
    void fillHostChoices();
    void exportWithDialog();

    IncidentReader reader_;
    const TelemetryStore& store_;
    IncidentTableModel model_;
    ViewHeader* header_ = nullptr;
    QLabel* status_ = nullptr;
    IncidentTimeline* timeline_ = nullptr;
    QTableView* table_ = nullptr;
    QComboBox* range_ = nullptr;
    QComboBox* host_ = nullptr;
    QComboBox* kindChoice_ = nullptr;
    QComboBox* severity_ = nullptr;
    qint64 readAtMs_ = 0;
    bool columnsSized_ = false;
    QString readProblem_;
    QString statusSentence_;
    std::optional<ReadRequest> running_;  // the read the watcher waits for
    std::optional<ReadRequest> waiting_;  // the newest reload asked while it runs
    quint64 lastAsked_ = 0;
    QFutureWatcher<Incidents> readWatcher_;
    QTimer readingNotice_;
    bool readingShown_ = false;
};

}  // namespace fleetdeck
