#include "ui/preferences_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include "ui/events/incident_table_model.h"

namespace fleetdeck {

using history::IncidentKind;
using history::IncidentSeverity;

namespace {

QSpinBox* spinBox(int value, int min, int max, const QString& suffix) {
    auto* box = new QSpinBox;
    box->setRange(min, max);
    box->setValue(value);
    box->setSuffix(suffix);
    return box;
}

QLabel* note(const QString& text) {
    auto* label = new QLabel(text);
    label->setTextFormat(Qt::PlainText);  // statuses name paths and services
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}
}  // namespace

PreferencesDialog::PreferencesDialog(const history::Retention& retention, const alerts::AlertRules& rules, const QStringList& hosts,
                                     const QString& historyStatus, const QString& alertStatus, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Preferences"));
    auto* tabs = new QTabWidget;
    tabs->addTab(buildGeneralPage(), tr("General"));
    tabs->addTab(buildHistoryPage(retention, historyStatus), tr("History"));
    tabs->addTab(buildAlertsPage(rules, hosts, alertStatus), tr("Alerts"));
    tabs->addTab(buildPrometheusPage(), tr("Prometheus"));
    tabs->addTab(buildDriftPage(), tr("Drift"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs);
    layout->addWidget(buttons);
}

QWidget* PreferencesDialog::buildDriftPage() {
    auto* page = new QWidget;
    auto* form = new QFormLayout;
    driftMinutes_ = spinBox(kDefaultDriftIntervalMinutes, 1, 24 * 60, tr(" min"));
    form->addRow(tr("Check pushed settings every"), driftMinutes_);
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(form);
    layout->addWidget(note(tr("Each connected host FleetDeck pushed settings to is checked when it connects and then at this "
                              "interval: its current values are read and compared with the last push recorded in the "
                              "audit log. The check runs in the background; a short interval costs the hosts a little "
                              "more work, never the desktop.")));
    layout->addStretch(1);
    return page;
}

void PreferencesDialog::setDriftIntervalMinutes(int minutes) { driftMinutes_->setValue(minutes); }
int PreferencesDialog::driftIntervalMinutes() const { return driftMinutes_->value(); }

namespace {
const QString kDriftIntervalKey = QStringLiteral("drift/intervalMinutes");
}  // namespace

int loadDriftIntervalMinutes(const QSettings& settings) {
    bool ok = false;
    const int minutes = settings.value(kDriftIntervalKey, kDefaultDriftIntervalMinutes).toInt(&ok);
    return ok && minutes >= 1 && minutes <= 24 * 60 ? minutes : kDefaultDriftIntervalMinutes;
}

void saveDriftIntervalMinutes(QSettings& settings, int minutes) { settings.setValue(kDriftIntervalKey, minutes); }
QWidget* PreferencesDialog::buildGeneralPage() {
    auto* page = new QWidget;
    refresh_ = new QComboBox;
    for (const int ms : DesktopPreferences::kRefreshChoicesMs)
        refresh_->addItem(ms < 1000 ? tr("%n times a second", nullptr, 1000 / ms) : tr("every %n s", nullptr, ms / 1000), ms);
    refresh_->setToolTip(tr("How often the views repaint; samples still arrive every second. Slower costs less CPU with "
                            "a large fleet."));
    const auto degrees = [] {
        auto* box = new QDoubleSpinBox;
        box->setRange(30, 110);
        box->setDecimals(0);
        box->setSuffix(tr(" °C"));
        return box;
    };
    bandLow_ = degrees();
    bandLow_->setObjectName(QStringLiteral("band_low"));
    bandHigh_ = degrees();
    bandHigh_->setObjectName(QStringLiteral("band_high"));
    auto* band = new QHBoxLayout;
    band->addWidget(bandLow_);
    band->addWidget(new QLabel(tr("to")));
    band->addWidget(bandHigh_);
    band->addStretch(1);
    language_ = new QComboBox;
    language_->addItem(tr("The system's language"), QString());
    for (const LanguageChoice& choice : languageChoices()) language_->addItem(choice.name, choice.locale);
    theme_ = new QComboBox;
    theme_->addItem(tr("As the desktop"), static_cast<int>(Theme::System));
    theme_->addItem(tr("Light"), static_cast<int>(Theme::Light));
    theme_->addItem(tr("Dark"), static_cast<int>(Theme::Dark));
    auto* form = new QFormLayout;
    form->addRow(tr("Refresh the views"), refresh_);
    form->addRow(tr("Target temperature band"), band);
    form->addRow(tr("Language"), language_);
    form->addRow(tr("Theme"), theme_);
    generalProblem_ = new QLabel;
    generalProblem_->setTextFormat(Qt::PlainText);
    generalProblem_->setStyleSheet(QStringLiteral("color: #b3261e"));
    generalProblem_->setVisible(false);
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(form);
    layout->addWidget(generalProblem_);
    layout->addWidget(note(tr("GPUs under load belong in the target band (60–80 °C by default): below it they are "
                              "cool, above it hot. The tiles, racks, tables and charts colour by it. A language "
                              "other than the system's takes effect at the next start.")));
    layout->addStretch(1);
    setGeneral(DesktopPreferences{});
    return page;
}

void PreferencesDialog::setGeneral(const DesktopPreferences& general) {
    refresh_->setCurrentIndex(std::max(0, refresh_->findData(general.refreshMs)));
    bandLow_->setValue(general.targetBand.lowC);
    bandHigh_->setValue(general.targetBand.highC);
    language_->setCurrentIndex(std::max(0, language_->findData(general.language)));
    theme_->setCurrentIndex(std::max(0, theme_->findData(static_cast<int>(general.theme))));
}

DesktopPreferences PreferencesDialog::general() const {
    DesktopPreferences g;
    g.refreshMs = refresh_->currentData().toInt();
    g.targetBand = {bandLow_->value(), bandHigh_->value()};
    g.language = language_->currentData().toString();
    g.theme = static_cast<Theme>(theme_->currentData().toInt());
    return g;
}

QWidget* PreferencesDialog::buildHistoryPage(const history::Retention& retention, const QString& status) {
    auto* page = new QWidget;
    auto* form = new QFormLayout;
    rawMinutes_ = spinBox(retention.rawMinutes, 15, history::kMaxRawMinutes, tr(" min"));
    tenSecondHours_ = spinBox(retention.tenSecondHours, 1, history::kMaxTenSecondHours, tr(" h"));
    minuteDays_ = spinBox(retention.minuteDays, 1, history::kMaxMinuteDays, tr(" days"));
    form->addRow(tr("Keep every sample for"), rawMinutes_);
    form->addRow(tr("Keep 10-second points for"), tenSecondHours_);
    form->addRow(tr("Keep 1-minute points for"), minuteDays_);
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(form);
    layout->addWidget(note(tr("Downsampled points keep each reading's mean, minimum and maximum, so a short spike stays "
                              "visible in a month-long chart. Longer keeping costs disk space: the default keeps about "
                              "200 hosts with 8 GPUs in well under 1 GiB.")));
    layout->addWidget(note(status));
    layout->addStretch(1);
    return page;
}

QWidget* PreferencesDialog::buildAlertsPage(const alerts::AlertRules& rules, const QStringList& hosts, const QString& status) {
    auto* page = new QWidget;
    notify_ = new QCheckBox(tr("Show a desktop notification when an incident begins"));
    notify_->setChecked(rules.enabled);
    minSeverity_ = new QComboBox;
    minSeverity_->addItem(tr("Critical incidents only"), static_cast<int>(IncidentSeverity::Critical));
    minSeverity_->addItem(tr("Warnings and critical incidents"), static_cast<int>(IncidentSeverity::Warning));
    minSeverity_->addItem(tr("Everything, pushes included"), static_cast<int>(IncidentSeverity::Info));
    minSeverity_->setCurrentIndex(std::max(0, minSeverity_->findData(static_cast<int>(rules.minSeverity))));
    minThrottle_ = spinBox(rules.minThrottleSeconds, 0, 3600, tr(" s"));
    minThrottle_->setToolTip(tr("A throttle episode notifies only once it has lasted this long, so a one-second blip pages nobody"));
    maxPerMinute_ = spinBox(rules.maxPerMinute, 1, 60, tr(" a minute"));
    maxPerMinute_->setToolTip(tr("More than this are gathered into one notification"));
    auto* form = new QFormLayout;
    form->addRow(tr("Notify for"), minSeverity_);
    form->addRow(tr("Throttling, only after"), minThrottle_);
    form->addRow(tr("At most"), maxPerMinute_);

    auto* kindsBox = new QGroupBox(tr("Kinds that notify"));
    auto* kindsGrid = new QGridLayout(kindsBox);
    int n = 0;
    for (IncidentKind kind : history::kIncidentKinds) {
        auto* box = new QCheckBox(incidentKindWord(kind));
        box->setChecked(rules.kinds.empty() || rules.kinds.count(kind) > 0);
        kindsGrid->addWidget(box, n / 2, n % 2);
        kinds_.push_back({kind, box});
        ++n;
    }

    auto* mutedBox = new QGroupBox(tr("Muted hosts (never notify)"));
    auto* mutedLayout = new QVBoxLayout(mutedBox);
    muted_ = new QListWidget;
    QStringList names = hosts;
    for (const QString& m : rules.mutedHosts)
        if (!names.contains(m)) names << m;
    for (const QString& name : names) {
        auto* item = new QListWidgetItem(name, muted_);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(rules.mutedHosts.contains(name) ? Qt::Checked : Qt::Unchecked);
    }
    muted_->setMinimumHeight(110);
    mutedLayout->addWidget(muted_);

    auto* layout = new QVBoxLayout(page);
    layout->addWidget(notify_);
    layout->addLayout(form);
    layout->addWidget(kindsBox);
    layout->addWidget(mutedBox, 1);
    layout->addWidget(note(status));
    const auto enable = [=, this](bool on) {
        for (QWidget* w : std::initializer_list<QWidget*>{minSeverity_, minThrottle_, maxPerMinute_, kindsBox, mutedBox}) w->setEnabled(on);
    };
    connect(notify_, &QCheckBox::toggled, this, enable);
    enable(rules.enabled);
    return page;
}

QWidget* PreferencesDialog::buildPrometheusPage() {
    auto* page = new QWidget;
    promUrl_ = new QLineEdit;
    promUrl_->setPlaceholderText(QStringLiteral("http://prometheus.example:9090"));
    promAuth_ = new QComboBox;
    promAuth_->addItem(tr("No login"), static_cast<int>(PrometheusSettings::Auth::None));
    promAuth_->addItem(tr("User name and password"), static_cast<int>(PrometheusSettings::Auth::Basic));
    promAuth_->addItem(tr("Bearer token"), static_cast<int>(PrometheusSettings::Auth::Bearer));
    promUser_ = new QLineEdit;
    promSecret_ = new QLineEdit;
    promSecret_->setEchoMode(QLineEdit::Password);
    auto* form = new QFormLayout;
    form->addRow(tr("Server address"), promUrl_);
    form->addRow(tr("Login"), promAuth_);
    form->addRow(tr("User name"), promUser_);
    form->addRow(tr("Password or token"), promSecret_);
    promProblem_ = new QLabel;
    promProblem_->setTextFormat(Qt::PlainText);
    promProblem_->setWordWrap(true);
    promProblem_->setStyleSheet(QStringLiteral("color: #b3261e"));
    promProblem_->setVisible(false);
    promKeyring_ = note(QString());
    auto* layout = new QVBoxLayout(page);
    layout->addWidget(note(tr("A Prometheus server that scrapes the agents (fleetdeck-agent --metrics-listen; File → Export → "
                              "Prometheus… writes its targets and rules) holds history from before FleetDeck recorded it. "
                              "The host page reads ranges its own record does not reach from there, by the host label.")));
    layout->addLayout(form);
    layout->addWidget(promProblem_);
    layout->addWidget(promKeyring_);
    layout->addStretch(1);
    const auto authChanged = [this] {
        const auto auth = static_cast<PrometheusSettings::Auth>(promAuth_->currentData().toInt());
        promUser_->setEnabled(auth == PrometheusSettings::Auth::Basic);
        promSecret_->setEnabled(auth != PrometheusSettings::Auth::None);
    };
    connect(promAuth_, &QComboBox::currentIndexChanged, this, authChanged);
    connect(promUrl_, &QLineEdit::textChanged, this, [this] { promProblem_->setVisible(false); });
    authChanged();
    return page;
}

void PreferencesDialog::setPrometheus(const PrometheusSettings& prometheus, const QString& keyringStatus) {
    promUrl_->setText(prometheus.url);
    promAuth_->setCurrentIndex(std::max(0, promAuth_->findData(static_cast<int>(prometheus.auth))));
    promUser_->setText(prometheus.username);
    promSecret_->setText(prometheus.secret);
    promKeyring_->setText(keyringStatus);
}

PrometheusSettings PreferencesDialog::prometheus() const {
    PrometheusSettings p;
    p.url = promUrl_->text().trimmed();
    p.auth = static_cast<PrometheusSettings::Auth>(promAuth_->currentData().toInt());
    p.username = p.auth == PrometheusSettings::Auth::Basic ? promUser_->text().trimmed() : QString();
    p.secret = p.auth == PrometheusSettings::Auth::None ? QString() : promSecret_->text();
    return p;
}

void PreferencesDialog::accept() {
    if (bandLow_->value() >= bandHigh_->value()) {
        generalProblem_->setText(tr("The target band's lower bound must be below its upper bound."));
        generalProblem_->setVisible(true);
        bandLow_->setFocus();
        return;
    }
    // A wrong address keeps the dialog open with everything as typed, saying what is wrong.
    if (const QString problem = prometheusUrlProblem(promUrl_->text()); !problem.isEmpty()) {
        promProblem_->setText(problem);
        promProblem_->setVisible(true);
        promUrl_->setFocus();
        return;
    }
    QDialog::accept();
}

history::Retention PreferencesDialog::retention() const {
    history::Retention r;
    r.rawMinutes = rawMinutes_->value();
    r.tenSecondHours = tenSecondHours_->value();
    r.minuteDays = minuteDays_->value();
    return r;
}

alerts::AlertRules PreferencesDialog::rules() const {
    alerts::AlertRules r;
    r.enabled = notify_->isChecked();
    r.minSeverity = static_cast<IncidentSeverity>(minSeverity_->currentData().toInt());
    r.minThrottleSeconds = minThrottle_->value();
    r.maxPerMinute = maxPerMinute_->value();
    bool all = true;
    for (const auto& [kind, box] : kinds_) {
        if (box->isChecked()) r.kinds.insert(kind);
        else all = false;
    }
    // Every kind ticked is "every kind", which also takes kinds added later; none ticked is none.
    if (all) r.kinds.clear();
    if (r.kinds.empty() && !all) r.enabled = false;
    r.mutedHosts.clear();
    for (int i = 0; i < muted_->count(); ++i)
        if (muted_->item(i)->checkState() == Qt::Checked) r.mutedHosts << muted_->item(i)->text();
    return r;
}

}  // namespace fleetdeck

#include "moc_preferences_dialog.cpp"
