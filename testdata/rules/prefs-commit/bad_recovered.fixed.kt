package com.example.garden.settings

import android.content.Context
import android.content.SharedPreferences

// The grammar cannot read context parameters or `open()` called as a
// function; the rest of the class is still checked.
class PlotSettings(context: Context) {
    private val prefs: SharedPreferences =
        context.getSharedPreferences("plots", Context.MODE_PRIVATE)

    context(log: PlotLog)
    fun describe(plot: String) {
        log.write("plot $plot")
    }

    fun showManual() {
        open()
    }

    fun setLastPlot(name: String) {
        prefs.edit().putString("last_plot", name).apply() // ~ prefs-commit
    }
}
