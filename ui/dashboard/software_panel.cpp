#include "ui/dashboard/software_panel.h"

#include <QVBoxLayout>

#include "app/dashboard/software_facts_text.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

SoftwarePanel::SoftwarePanel(QWidget* parent) : HostPanel(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 8);
    facts_ = new QLabel(this);
    facts_->setObjectName(QStringLiteral("software_facts"));
    facts_->setTextFormat(Qt::PlainText);
    facts_->setWordWrap(true);
    facts_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(sectionTitle(tr("System software"), this));
    layout->addWidget(facts_);
    setVisible(false);
}

void SoftwarePanel::showRecord(const HostRecord* record) {
    const bool has = record && record->facts;
    setVisible(has);
    const QString text = has ? SoftwareFactsText::lines(*record->facts).join(QLatin1Char('\n')) : QString();
    if (facts_->text() != text) facts_->setText(text);
}

}  // namespace fleetdeck

#include "moc_software_panel.cpp"
