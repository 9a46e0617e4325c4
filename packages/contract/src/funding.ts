import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Deposits (recharge orders with voucher review) and withdrawals. */

void z;
void endpoint;
