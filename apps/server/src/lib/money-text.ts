/** An amount in minor units as people read it in messages (`₹1,999.00`), in the platform's locale. */
import { toMajorUnits } from '../services/courses/present-course';

export const moneyText = (minorUnits: number, currency: string) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(toMajorUnits(minorUnits));
