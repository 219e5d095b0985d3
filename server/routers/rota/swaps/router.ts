import { router } from '../../../trpc/init.js';
import { accept } from './accept.js';
import { approve } from './approve.js';
import { cancel } from './cancel.js';
import { decline } from './decline.js';
import { list } from './list.js';
import { offer } from './offer.js';
import { reject } from './reject.js';

export const swapsRouter = router({ list, offer, accept, decline, cancel, approve, reject });
