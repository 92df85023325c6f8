import { metricGoalItem } from '#api/http/goal-routes.ts';

export const { GET, PUT, DELETE } = metricGoalItem;
