import { DictionaryItem } from '../modules/dictionary/dictionary.entity';
import { FrontLog } from '../modules/front-log/frontLog.entity';

/** Every entity of the API. A new entity goes here and gets a migration (`npm run migration:create -w @glucoguard/api`). */
export const entities = [DictionaryItem, FrontLog];
