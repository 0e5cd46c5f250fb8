import { PACKAGE_CHOICE_FIELD, type Package } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import invite from './invite.module.css';

type InviteUpgradeProps = {
  premium: Package;
  isSaving: boolean;
  isDisabled: boolean;
  onUpgrade: () => void;
  /** Where the choice posts without a script (the packages' form: it saves any package). */
  action: string;
};

/**
 * The choose-your-own upgrade link: everything included instead of picking options.
 * It chooses the Premium package (of the term being built) as /invite/packages would, so it is a
 * button (an action that saves), styled as a link; without a script it posts the Premium package
 * as the packages' cards do.
 */
export function InviteUpgrade({
  premium,
  isSaving,
  isDisabled,
  onUpgrade,
  action,
}: InviteUpgradeProps) {
  const { t } = useTranslation();
  return (
    <section className={invite.upgrade} aria-labelledby="invite-upgrade-title">
      <h2 id="invite-upgrade-title">{t('inviteChooseYourOwn.upgradeTitle')}</h2>
      <p className={invite.upgradeText}>
        {t('inviteChooseYourOwn.upgradeText', {
          name: premium.displayName,
          price: premium.totalPriceFormatted,
        })}
      </p>
      <form method="post" action={action}>
        <Button
          type="submit"
          name={PACKAGE_CHOICE_FIELD}
          value={premium.id}
          variant="link"
          isLoading={isSaving}
          disabled={isDisabled}
          onClick={(event) => {
            event.preventDefault();
            onUpgrade();
          }}
        >
          {t('inviteChooseYourOwn.upgrade', { name: premium.displayName })}
        </Button>
      </form>
    </section>
  );
}
