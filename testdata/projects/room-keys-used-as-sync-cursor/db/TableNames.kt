package org.example.glucose.db

const val TABLE_READINGS = "readings"
const val TABLE_NOTES = "notes"
const val TABLE_ALERTS = "alerts"
