import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Wallets: balances, transfers between accounts and bills (the user's ledger entries). */

void z;
void endpoint;
