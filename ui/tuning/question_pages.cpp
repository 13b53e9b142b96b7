#include "ui/tuning/question_pages.h"

#include <QFormLayout>
#include <QRadioButton>
#include <QVBoxLayout>

namespace fleetdeck {

using namespace fleetdeck::tuning;

namespace {

QVBoxLayout* pageLayout(QWizardPage* page) {
    if (auto* existing = qobject_cast<QVBoxLayout*>(page->layout())) return existing;
    return new QVBoxLayout(page);
}

QLabel* hint(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setIndent(24);
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    label->setPalette(p);
    return label;
}

}  // namespace

QButtonGroup* AnswerPage::addChoices(const QString& group, const std::vector<std::pair<QString, QString>>& choices,
                                     const std::vector<QString>& values) {
    auto* buttons = new QButtonGroup(this);
    QVBoxLayout* layout = pageLayout(this);
    for (std::size_t i = 0; i < choices.size(); ++i) {
        auto* radio = new QRadioButton(choices[i].first, this);
        radio->setObjectName(group + QLatin1Char('.') + values[i]);
        buttons->addButton(radio, static_cast<int>(i));
        layout->addWidget(radio);
        layout->addWidget(hint(choices[i].second, this));
    }
    buttons->button(0)->setChecked(true);
    return buttons;
}

void AnswerPage::select(QButtonGroup* group, int id) {
    if (QAbstractButton* b = group->button(id)) b->setChecked(true);
}

WorkloadPage::WorkloadPage(QWidget* parent) : AnswerPage(parent) {
    setTitle(tr("Workload"));
    setSubTitle(tr("What will these servers mostly do? The answer picks the tuned profile family the plan builds on."));
    workload_ = addChoices(QStringLiteral("workload"),
                           {{tr("&Training"), tr("Long jobs that read datasets and write checkpoints (throughput matters).")},
                            {tr("&Inference"), tr("Serving a model to clients (latency or requests per second matter).")}},
                           {QStringLiteral("training"), QStringLiteral("inference")});
    precision_ = new QLabel(this);
    precision_->setObjectName(QStringLiteral("precision_hint"));
    precision_->setTextFormat(Qt::PlainText);  // names GPUs as their agents report them
    precision_->setWordWrap(true);
    precision_->setVisible(false);
    pageLayout(this)->addSpacing(12);
    pageLayout(this)->addWidget(precision_);
    pageLayout(this)->addStretch();
}

void WorkloadPage::setPrecisionHint(const QString& text) {
    precision_->setText(text);
    precision_->setVisible(!text.isEmpty());
}

QString WorkloadPage::precisionHint() const { return precision_->text(); }

void WorkloadPage::showAnswers(const TuningAnswers& a) { select(workload_, a.workload == Workload::Training ? 0 : 1); }
void WorkloadPage::storeAnswers(TuningAnswers& a) const {
    a.workload = workload_->checkedId() == 1 ? Workload::Inference : Workload::Training;
}

ScalePage::ScalePage(QWidget* parent) : AnswerPage(parent) {
    setTitle(tr("Scale and interconnect"));
    setSubTitle(tr("Does one job span several servers, and how are they connected?"));
    distributed_ = new QCheckBox(tr("One job runs across &several servers"), this);
    distributed_->setObjectName(QStringLiteral("distributed"));
    nodes_ = new QSpinBox(this);
    nodes_->setObjectName(QStringLiteral("nodes"));
    nodes_->setRange(2, 100000);
    nodes_->setSuffix(tr(" servers"));
    auto* form = new QFormLayout;
    form->addRow(distributed_);
    form->addRow(tr("&Servers per job:"), nodes_);
    pageLayout(this)->addLayout(form);
    pageLayout(this)->addWidget(new QLabel(tr("Interconnect between the servers:"), this));
    interconnect_ = addChoices(QStringLiteral("interconnect"),
                               {{tr("&Ethernet (TCP)"), tr("NCCL over sockets; TCP buffer sizes and BBR apply.")},
                                {tr("&InfiniBand"), tr("RDMA: locked-memory limits matter, TCP tuning does not.")},
                                {tr("&RoCE"), tr("RDMA over Ethernet: as InfiniBand for the host.")}},
                               {QStringLiteral("ethernet"), QStringLiteral("infiniband"), QStringLiteral("roce")});
    suggestion_ = new QLabel(this);
    suggestion_->setObjectName(QStringLiteral("distributed_suggestion"));
    suggestion_->setTextFormat(Qt::PlainText);  // names a host
    suggestion_->setWordWrap(true);
    suggestion_->setVisible(false);
    pageLayout(this)->addSpacing(12);
    pageLayout(this)->addWidget(suggestion_);
    pageLayout(this)->addStretch();
    connect(distributed_, &QCheckBox::toggled, this, &ScalePage::updateEnabled);
    updateEnabled();
}

void ScalePage::suggestDistributed(const QString& why) {
    distributed_->setChecked(true);
    suggestion_->setText(why);
    suggestion_->setVisible(true);
    updateEnabled();
}

QString ScalePage::suggestion() const { return suggestion_->isVisibleTo(this) ? suggestion_->text() : QString(); }

void ScalePage::updateEnabled() {
    nodes_->setEnabled(distributed_->isChecked());
    for (QAbstractButton* b : interconnect_->buttons()) b->setEnabled(distributed_->isChecked());
}

void ScalePage::showAnswers(const TuningAnswers& a) {
    distributed_->setChecked(a.distributed);
    nodes_->setValue(std::max(2, a.nodes));
    select(interconnect_, static_cast<int>(a.interconnect));
    updateEnabled();
}

void ScalePage::storeAnswers(TuningAnswers& a) const {
    a.distributed = distributed_->isChecked();
    a.nodes = a.distributed ? nodes_->value() : 1;
    a.interconnect = static_cast<Interconnect>(std::max(0, interconnect_->checkedId()));
}

ModelSizePage::ModelSizePage(QWidget* parent) : AnswerPage(parent) {
    setTitle(tr("Model size"));
    setSubTitle(tr("Where does the model fit? Large models need host RAM for staging and checkpoints."));
    size_ = addChoices(QStringLiteral("model_memory"),
                       {{tr("Fits on &one GPU"), tr("Weights and activations fit in a single GPU's memory.")},
                        {tr("Fits in one &server"), tr("Split across the GPUs of one server.")},
                        {tr("&Sharded across servers"), tr("Tensor, pipeline or fully sharded data parallelism across servers.")}},
                       {QStringLiteral("fits_one_gpu"), QStringLiteral("fits_one_node"), QStringLiteral("sharded")});
    pageLayout(this)->addStretch();
}

void ModelSizePage::showAnswers(const TuningAnswers& a) { select(size_, static_cast<int>(a.modelMemory)); }
void ModelSizePage::storeAnswers(TuningAnswers& a) const { a.modelMemory = static_cast<ModelMemory>(std::max(0, size_->checkedId())); }

DataLocationPage::DataLocationPage(QWidget* parent) : AnswerPage(parent) {
    setTitle(tr("Data location"));
    setSubTitle(tr("Where is the dataset (or the model repository) read from?"));
    location_ = addChoices(QStringLiteral("data_location"),
                           {{tr("&Local NVMe"), tr("Copied to the servers' own NVMe drives.")},
                            {tr("&NAS or distributed file system"), tr("NFS, GlusterFS, Lustre and the like.")},
                            {tr("&Object storage"), tr("S3-compatible buckets, ideally in the same region.")}},
                           {QStringLiteral("local_nvme"), QStringLiteral("nas"), QStringLiteral("object_store")});
    pageLayout(this)->addStretch();
}

void DataLocationPage::showAnswers(const TuningAnswers& a) { select(location_, static_cast<int>(a.dataLocation)); }
void DataLocationPage::storeAnswers(TuningAnswers& a) const {
    a.dataLocation = static_cast<DataLocation>(std::max(0, location_->checkedId()));
}

LatencyPage::LatencyPage(QWidget* parent) : AnswerPage(parent) {
    setTitle(tr("Latency"));
    setSubTitle(tr("Is there a latency target per request? Without one the plan tunes for throughput."));
    hasTarget_ = new QCheckBox(tr("Requests must meet a &p99 latency target"), this);
    hasTarget_->setObjectName(QStringLiteral("latency_target"));
    targetMs_ = new QSpinBox(this);
    targetMs_->setObjectName(QStringLiteral("latency_target_ms"));
    targetMs_->setRange(1, 600000);
    targetMs_->setValue(100);
    targetMs_->setSuffix(tr(" ms"));
    auto* form = new QFormLayout;
    form->addRow(hasTarget_);
    form->addRow(tr("p99 &target:"), targetMs_);
    pageLayout(this)->addLayout(form);
    pageLayout(this)->addWidget(hint(tr("Latency-bound serving turns off transparent huge pages, keeps writeback small "
                                        "and, on dedicated hosts, enables socket busy polling."), this));
    pageLayout(this)->addStretch();
    connect(hasTarget_, &QCheckBox::toggled, targetMs_, &QWidget::setEnabled);
    targetMs_->setEnabled(false);
}

void LatencyPage::showAnswers(const TuningAnswers& a) {
    hasTarget_->setChecked(a.latencyTargetMs.has_value());
    if (a.latencyTargetMs) targetMs_->setValue(*a.latencyTargetMs);
}

void LatencyPage::storeAnswers(TuningAnswers& a) const {
    a.latencyTargetMs = a.workload == Workload::Inference && hasTarget_->isChecked() ? std::optional<int>(targetMs_->value())
                                                                                       : std::nullopt;
}

TenancyPowerPage::TenancyPowerPage(QWidget* parent) : AnswerPage(parent) {
    setTitle(tr("Tenancy and power"));
    setSubTitle(tr("Who else runs on these servers, and is there a power budget per server?"));
    tenancy_ = addChoices(QStringLiteral("tenancy"),
                          {{tr("&Dedicated"), tr("Only this workload runs here: CPU-burning latency tricks are allowed.")},
                           {tr("&Shared"), tr("Other teams or tenants share the servers: nothing that costs them CPU.")}},
                          {QStringLiteral("dedicated"), QStringLiteral("shared")});
    capped_ = new QCheckBox(tr("The rack limits &power per server"), this);
    capped_->setObjectName(QStringLiteral("power_capped"));
    capW_ = new QSpinBox(this);
    capW_->setObjectName(QStringLiteral("power_cap_w"));
    capW_->setRange(100, 100000);
    capW_->setSingleStep(100);
    capW_->setValue(3000);
    capW_->setSuffix(tr(" W"));
    capW_->setEnabled(false);
    fitRack_ = new QCheckBox(tr("&Fit each rack's power budget (its feeds in the inventory, what its hosts draw)"), this);
    fitRack_->setObjectName(QStringLiteral("fit_rack_power"));
    fitRack_->setToolTip(tr("GPU power limits that keep each chosen host's rack within its feeds at full load, one feed lost included"));
    auto* form = new QFormLayout;
    form->addRow(fitRack_);
    form->addRow(capped_);
    form->addRow(tr("Power &cap per server:"), capW_);
    pageLayout(this)->addLayout(form);
    pageLayout(this)->addStretch();
    connect(capped_, &QCheckBox::toggled, capW_, &QWidget::setEnabled);
}

bool TenancyPowerPage::fitRackPower() const { return fitRack_->isChecked(); }

void TenancyPowerPage::setFitRackPower(bool fit) { fitRack_->setChecked(fit); }

void TenancyPowerPage::showAnswers(const TuningAnswers& a) {
    select(tenancy_, static_cast<int>(a.tenancy));
    capped_->setChecked(a.powerCapW.has_value());
    if (a.powerCapW) capW_->setValue(*a.powerCapW);
}

void TenancyPowerPage::storeAnswers(TuningAnswers& a) const {
    a.tenancy = static_cast<Tenancy>(std::max(0, tenancy_->checkedId()));
    a.powerCapW = capped_->isChecked() ? std::optional<int>(capW_->value()) : std::nullopt;
}

}  // namespace fleetdeck

#include "moc_question_pages.cpp"
