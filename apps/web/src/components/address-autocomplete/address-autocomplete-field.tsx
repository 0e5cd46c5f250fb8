import type { PlaceAddress, PlaceSuggestion } from '@coparent/domain';
import {
  type ChangeEvent,
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent,
  useEffect,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { randomId } from '@/lib/random-id';
import { LiveRegion } from '../live-region';
import { TextField } from '../text-field';
import styles from './address-autocomplete.module.css';
import { usePlaceDetails, usePlaceSuggestions, usePlacesEnabled } from './places-api';

/** Typing pauses this long before suggestions are asked for. */
const SUGGESTIONS_DEBOUNCE_MS = 250;

type AddressAutocompleteFieldProps = Omit<ComponentProps<typeof TextField>, 'onSelect'> & {
  /** The form's country: suggestions only for ADDRESS_AUTOCOMPLETE_COUNTRIES. */
  country: string | undefined;
  /** Called with the picked address; the form fills its fields from it. */
  onAddressPicked: (address: PlaceAddress) => void;
};

/**
 * Address line 1 with places autocomplete (WAI-ARIA 1.2 combobox with a listbox popup) when the
 * server has a provider and the country is one it serves; otherwise exactly a plain text field.
 * The same input element stays in both cases, so the form's registration and value never move.
 */
export function AddressAutocompleteField({
  country,
  onAddressPicked,
  id,
  hint,
  onChange,
  onBlur,
  ...fieldProps
}: AddressAutocompleteFieldProps) {
  const { t } = useTranslation();
  const isEnabled = usePlacesEnabled(country);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  // One token per search: the keystrokes and the pick that ends it are billed as one session.
  const [sessionToken, setSessionToken] = useState(randomId);
  const [announcement, setAnnouncement] = useState('');
  const [pickFailed, setPickFailed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), SUGGESTIONS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const search = usePlaceSuggestions(
    { input: query, country: country ?? '', sessionToken },
    isEnabled && isOpen,
  );
  const details = usePlaceDetails();
  const suggestions = (search.isSuccess && search.data.suggestions) || [];
  const isExpanded = isEnabled && isOpen && suggestions.length > 0;

  // Announce each new list (politely, once the typing has paused).
  const hasAnswer = isEnabled && isOpen && search.isSuccess && !search.isPlaceholderData;
  const count = suggestions.length;
  useEffect(() => {
    if (!hasAnswer) return;
    setAnnouncement(count > 0 ? t('places.suggestions', { count }) : t('places.noSuggestions'));
  }, [hasAnswer, count, t]);

  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;

  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const pick = (suggestion: PlaceSuggestion) => {
    close();
    details.mutate(
      { placeId: suggestion.placeId, sessionToken },
      {
        onSuccess: (address) => {
          onAddressPicked({ ...address, line1: address.line1 || suggestion.primaryText });
          setAnnouncement(t('places.filled'));
        },
        // What was typed stays in the field; the person goes on by hand.
        onError: () => {
          setPickFailed(true);
          setAnnouncement(t('places.pickFailed'));
        },
        onSettled: () => setSessionToken(randomId()),
      },
    );
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setTyped(event.target.value);
    setIsOpen(true);
    setActiveIndex(-1);
    setPickFailed(false);
    onChange?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    close();
    onBlur?.(event);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isEnabled) return;
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActiveIndex((index) => (isExpanded ? (index + 1) % suggestions.length : 0));
    } else if (event.key === 'ArrowUp' && isExpanded) {
      event.preventDefault();
      setActiveIndex((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && isExpanded && activeIndex >= 0) {
      // Enter picks the suggestion instead of submitting the form.
      event.preventDefault();
      const suggestion = suggestions[activeIndex];
      if (suggestion) pick(suggestion);
    } else if (event.key === 'Escape' && isExpanded) {
      event.preventDefault();
      close();
    }
  };

  const comboboxProps = isEnabled
    ? {
        role: 'combobox',
        'aria-autocomplete': 'list' as const,
        'aria-expanded': isExpanded,
        'aria-controls': listboxId,
        'aria-activedescendant': isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined,
        'aria-busy': details.isPending || undefined,
        onKeyDown: handleKeyDown,
      }
    : {};

  return (
    <div className={styles.wrapper}>
      <TextField
        id={id}
        autoComplete="address-line1"
        hint={pickFailed ? t('places.pickFailed') : hint}
        onChange={handleChange}
        onBlur={handleBlur}
        {...comboboxProps}
        {...fieldProps}
      />
      {isEnabled ? (
        <>
          <div
            id={listboxId}
            role="listbox"
            aria-label={t('places.listLabel')}
            className={styles.listbox}
            hidden={!isExpanded}
          >
            {suggestions.map((suggestion, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox input's (aria-activedescendant)
              <div
                key={suggestion.placeId}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                className={styles.option}
                // Keeps the focus in the input, so the list does not close before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(suggestion)}
              >
                <span className={styles.primary}>{suggestion.primaryText}</span>{' '}
                <span className={styles.secondary}>{suggestion.secondaryText}</span>
              </div>
            ))}
          </div>
          <LiveRegion message={announcement} />
        </>
      ) : null}
    </div>
  );
}
