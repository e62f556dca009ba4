/**
 * HTTP contract of the learning data the users area works with: classes (as enrolment choices),
 * class enrolments, discounts and the orders an enrolment creates. Change with the API's schemas.
 */
export {};
