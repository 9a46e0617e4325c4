import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Payment methods (bank cards, wallet addresses, fast-payment accounts), real-name verification and image uploads. */

void z;
void endpoint;
