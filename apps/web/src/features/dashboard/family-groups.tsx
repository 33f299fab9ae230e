import { Link } from '@tanstack/react-router';
import { groupInitialFee } from '@core/domain/application-group.js';
import type { ApplicationDto } from '../../api/applications.js';
import { buttonClasses } from '../../components/ui/button.js';
import { formatPence } from '../../lib/format.js';
import { HonestPrice } from '../../components/honest-price.js';
import { useT } from '../../lib/i18n.js';

/** The dashboard's list as it is shown: an application made alone, or a family application's travellers together. */
export type DashboardItem = { kind: 'single'; application: ApplicationDto } | { kind: 'family'; groupId: number; members: ApplicationDto[] };

/** Groups the family's cards where the family's first (newest) card stands; the rest keep their order. */
export function dashboardItems(applications: readonly ApplicationDto[]): DashboardItem[] {
  const items: DashboardItem[] = [];
  const families = new Map<number, ApplicationDto[]>();
  for (const application of applications) {
    const groupId = application.groupId;
    if (typeof groupId !== 'number') {
      items.push({ kind: 'single', application });
      continue;
    }
    const members = families.get(groupId);
    if (members) members.push(application);
    else {
      const list = [application];
      families.set(groupId, list);
      items.push({ kind: 'family', groupId, members: list });
    }
  }
  for (const item of items) if (item.kind === 'family') item.members.sort((a, b) => a.id - b.id);
  return items;
}

/** A family application's heading: its travellers, and the one payment of their initial fees while it is due. */
export function FamilyHeading({ groupId, members }: { groupId: number; members: ApplicationDto[] }) {
  const { t, intl } = useT();
  const unpaid = members.some((m) => !m.initialPaymentId && m.status !== 'rejected');
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('Family application · {count, plural, one {# traveller} other {# travellers}}', { count: members.length })}</h2>
        {unpaid ? (
          <Link to="/payment" search={{ groupId }} className={buttonClasses('primary', 'sm')}>
            {t('Pay {amount} for the family', { amount: formatPence(groupInitialFee(members.length).amount, intl) })}
          </Link>
        ) : null}
      </div>
      {unpaid ? <HonestPrice className="mt-2" /> : null}
    </div>
  );
}
