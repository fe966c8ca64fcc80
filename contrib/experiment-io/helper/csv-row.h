/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CSV_ROW_H
#define CSV_ROW_H

#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup experiment-io
 * @brief One CSV row built column by column, so that a program names each
 * column once, beside its value, and its header cannot drift from its rows.
 *
 * ./figures.py reads a program's rows by the header it prints (--header), so
 * this is also the one definition of an experiment's result row for Python.
 *
 * @code
 *   CsvRow row = CsvRow::Fixed(4);
 *   row.Add("run", RngSeedManager::GetRun()).Add("useful_pct", r.usefulPercent);
 *   row.Print(std::cout, header);
 * @endcode
 */
class CsvRow
{
  public:
    /**
     * @param digits digits after the decimal point of every floating-point value
     * @return an empty row
     */
    static CsvRow Fixed(int digits);

    /**
     * @param digits significant digits of every floating-point value (C++'s
     *        default formatting has 6)
     * @return an empty row
     */
    static CsvRow Significant(int digits);

    /**
     * @param column the column's name in the header
     * @param value its value, written with operator<< (a bool as 0 or 1)
     * @return this row
     */
    template <typename T>
    CsvRow& Add(const std::string& column, const T& value);

    /// @return the column names, comma-separated
    std::string Header() const;

    /// @return the values, comma-separated
    std::string Values() const;

    /**
     * @param os where to write
     * @param header whether to write the header line first
     */
    void Print(std::ostream& os, bool header) const;

  private:
    /// @param stream a stream with the row's number formatting
    explicit CsvRow(const std::ostringstream& stream);

    std::vector<std::string> m_columns; //!< Names, in order
    std::ostringstream m_values;        //!< Values so far, formatted
};

template <typename T>
CsvRow&
CsvRow::Add(const std::string& column, const T& value)
{
    m_values << (m_columns.empty() ? "" : ",") << value;
    m_columns.push_back(column);
    return *this;
}

} // namespace ns3

#endif // CSV_ROW_H
