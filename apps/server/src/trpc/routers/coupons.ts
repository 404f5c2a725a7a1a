/** coupons.*: making coupons and pricing a checkout with one (services/coupons). */

import { operations } from '@lectio/contracts/api';
import { COUPON_MESSAGES, COURSE_MESSAGES } from '@lectio/contracts/messages';
import { notFound } from '../../lib/errors';
import { createCoupon, listCoupons, previewCoupon, setCouponDisabled } from '../../services/coupons/coupons';
import { findCourse } from '../../services/courses/course-access';
import { implement } from '../build-router';

export const couponProcedures = implement(operations.coupons, {
  list: ({ ctx, input }) => listCoupons(ctx.services, ctx.actor, input),
  async create({ ctx, input }) {
    const coupon = await createCoupon(ctx.services, ctx.actor, input);
    return { message: COUPON_MESSAGES.created(coupon.code), coupon };
  },
  setDisabled: ({ ctx, input }) => setCouponDisabled(ctx.services, ctx.actor, input),
  async preview({ ctx, input }) {
    const course = await findCourse(ctx.services, input.courseId);
    if (!course?.isPublished) throw notFound(COURSE_MESSAGES.courseNotFound);
    return previewCoupon(ctx.services, ctx.actor, course, input.code);
  },
});
