import { calendarMonthOf, type MonthIndex } from "../../../../domain/months";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Oct 2026" */
export const monthLabel = (month: MonthIndex) => `${MONTHS[calendarMonthOf(month) - 1]} ${Math.floor(month / 12)}`;
