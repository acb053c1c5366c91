import { addTranslations } from '@crm/shared';
import de from './de.json';
import en from './en.json';

/** This remote's namespace; added to the host's one i18n instance when a page first loads. */
const namespace = 'management';
addTranslations(namespace, { en, de });
