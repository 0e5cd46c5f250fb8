import type { Package } from '@coparent/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { LoadError } from '@/features/packages/components/load-error';
import { PackageList } from '@/features/packages/components/package-list';
import packageStyles from '@/features/packages/components/packages.module.css';
import {
  defaultPricingCountry,
  OTHER_COUNTRY,
  PricingCountrySelect,
} from '@/features/packages/components/pricing-country-select';
import { useOfferedPackages } from '@/features/packages/hooks/use-offered-packages';
import { savePricingSelection } from '@/features/packages/pricing-selection';
import { track } from '@/lib/analytics';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/**
 * /pricing: the public pricing page. It shows the packages for the chosen country (defaulting to
 * the browser's region); "Choose" keeps the package in localStorage and leads into the signup,
 * where /step3 selects it automatically.
 */
export function PricingRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pricingPage.title'));
  const locale = useLocale();
  const navigate = useNavigate();
  const [country, setCountry] = useState(() => defaultPricingCountry());
  const offered = useOfferedPackages(country === OTHER_COUNTRY ? {} : { country });

  const choose = (pkg: Package) => {
    savePricingSelection({
      packageId: pkg.id,
      country: country === OTHER_COUNTRY ? null : country,
    });
    track('Pricing Page Package Chosen', {
      packageId: pkg.id,
      analyticsPackage: pkg.analyticsPackage,
    });
    navigate('/signup');
  };

  return (
    <>
      <PageHeading>{t('pricingPage.title')}</PageHeading>
      <p className={packageStyles.intro}>{t('pricingPage.intro')}</p>
      <PricingCountrySelect value={country} onChange={setCountry} locale={locale} />
      {offered.error ? (
        <LoadError onRetry={offered.retry} />
      ) : offered.isLoading || !offered.packages ? (
        <Spinner label={t('packages.loading')} />
      ) : (
        <PackageList packages={offered.packages} onChoose={choose} />
      )}
      <p className={packageStyles.intro}>{t('pricingPage.keptNote')}</p>
      <p>
        <Link to="/signup">{t('pricingPage.signupLink')}</Link>
      </p>
    </>
  );
}
