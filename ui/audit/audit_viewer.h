#pragma once

#include <functional>
#include <memory>
#include <vector>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTextBrowser>
#include <QThread>
#include <QWidget>

#include "app/audit/audit_log.h"
#include "app/audit/audit_table_model.h"

namespace fleetdeck {

// The audit log viewer: an integrity banner, filters, the entries newest first, the selected
// entry's before/after, and export. A plain widget, so it can be a window (Tools → Audit log…)
// or a tab. Reading and verifying run off the GUI thread.
class AuditViewer : public QWidget {
    Q_OBJECT
public:
    explicit AuditViewer(audit::AuditLog::Paths paths, QWidget* parent = nullptr);
    ~AuditViewer() override;

    // Re-reads and re-verifies the log in the background.
    void reload();
    bool isLoading() const { return loading_; }
    AuditTableModel& model() { return model_; }
    QString bannerText() const { return banner_->text(); }
    QString detailText() const { return detail_->toPlainText(); }
    QTableView& table() { return *table_; }

signals:
    void loaded();

private:
    struct Loaded;
    void buildFilters(QWidget* bar);
    void applyLoaded(const Loaded& result);
    void applyFilter();
    void showDetail();
    void exportAs(const QString& format);
    void runInBackground(std::function<void()> work, std::function<void()> done);
    void setBanner(const QString& text, const QString& tone);

    audit::AuditLog::Paths paths_;
    AuditTableModel model_;
    QLabel* title_ = nullptr;
    QLabel* banner_ = nullptr;
    QLabel* status_ = nullptr;
    QComboBox* host_ = nullptr;
    QLineEdit* setting_ = nullptr;
    QComboBox* result_ = nullptr;
    QLineEdit* operator_ = nullptr;
    QComboBox* period_ = nullptr;
    QTableView* table_ = nullptr;
    QTextBrowser* detail_ = nullptr;
    std::vector<QThread*> workers_;
    bool loading_ = false;
};

// Opens the viewer on the installation's log as its own window.
void openAuditViewer(QWidget* parent);

}  // namespace fleetdeck
